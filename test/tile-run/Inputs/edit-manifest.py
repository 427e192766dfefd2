# edit-manifest.py SRC DST CODE: writes DST, the manifest SRC after the Python
# statement CODE has changed the dict m.
import json
import sys

src, dst, code = sys.argv[1:]
with open(src) as f:
    m = json.load(f)
exec(code)
with open(dst, "w") as f:
    json.dump(m, f, indent=2)
