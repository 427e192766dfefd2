"""manifest-roundtrip.py TOOL DIR: the runtime reads back every manifest
tile-opt wrote under DIR with the values written.

TOOL is tile-runtime-test, whose --print gives the fields of a manifest as
the runtime's C API holds them. Every field written must be one of those,
equal to it; a parameter's "meaning" is for people and not read. Prints the
counts, or each difference (and exits 1).
"""
import json
import pathlib
import subprocess
import sys

tool, root = sys.argv[1:]
kinds = {"kernel": 0, "dispatch": 0}
fields = 0
differences = []
for path in sorted(pathlib.Path(root).rglob("*.json")):
    written = json.loads(path.read_text())
    run = subprocess.run([tool, "--print", str(path)], capture_output=True,
                         text=True)
    if run.returncode:
        differences.append(f"{path}: refused: {run.stderr.strip()}")
        continue
    read = json.loads(run.stdout)
    kinds["dispatch" if "dispatch" in written else "kernel"] += 1
    for p in written.get("params", []):
        p.pop("meaning", None)
    for key, value in written.items():
        fields += 1
        if read.get(key) != value:
            differences.append(f"{path}: \"{key}\": wrote {json.dumps(value)}, "
                               f"read {json.dumps(read.get(key))}")
for d in differences:
    print(d)
print(f"{kinds['kernel']} kernel manifests, {kinds['dispatch']} dispatch "
      f"manifests, {fields} fields: "
      + ("all read as written" if not differences else
         f"{len(differences)} differ"))
sys.exit(1 if differences else 0)
