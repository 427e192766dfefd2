# -*- Python -*- lit configuration for tile-opt.

import os
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"

llvm_config.use_default_substitutions()
config.substitutions.append(("%examples", os.path.join(config.tile_src_root, "examples")))
# The Python of test/python: scripts/setup.sh's virtual environment, which
# holds the tile_opt package and its runtime binding (Python3_EXECUTABLE);
# first, so that it wins over lit's own %python.
python = config.python_executable or sys.executable
config.substitutions.insert(0, ("%python", python))
config.substitutions.append(("%c_runner_utils", config.mlir_c_runner_utils))
config.substitutions.append(("%tile_opt_path", os.path.join(config.tile_tools_dir, "tile-opt")))

tools = ["tile-opt", "mlir-opt", "mlir-runner", "not", "split-file"]
for tool in ["tile-run", "tile-run-reference-test", "tile-runtime-test"]:
    if os.path.exists(os.path.join(config.tile_tools_dir, tool)):
        tools.append(tool)
        config.available_features.add(tool)
llvm_config.add_tool_substitutions(tools, [config.tile_tools_dir, config.llvm_tools_dir])
# The runtime's fake libcuda.so.1 (runtime/test/fake-cuda*.cpp), in a
# folder of its own for LD_LIBRARY_PATH.
fake_cuda = os.path.join(config.tile_tools_dir, "fake-cuda")
if os.path.exists(os.path.join(fake_cuda, "libcuda.so.1")):
    config.available_features.add("fake-cuda")
    config.substitutions.append(("%fake_cuda", fake_cuda))

# ptxas validates generated PTX without a GPU.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
    # nvcc sits beside ptxas in a CUDA toolkit; GPU tests build plain CUDA
    # reference kernels with it.
    nvcc = os.path.join(os.path.dirname(config.ptxas), "nvcc")
    if os.path.exists(nvcc):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", nvcc))

if config.mlir_c_runner_utils and os.path.exists(config.mlir_c_runner_utils):
    config.available_features.add("mlir-runner")

# A GPU is there when nvidia-smi lists one.
smi = shutil.which("nvidia-smi")
if smi:
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
        if out.returncode == 0 and "GPU" in out.stdout:
            config.available_features.add("cuda-gpu")
    except (OSError, subprocess.TimeoutExpired):
        pass

# test/python holds pytest suites, run by a .test file where pytest and the
# runtime's binding import into %python.
try:
    out = subprocess.run([python, "-c", "import pytest, tile_runtime"],
                         capture_output=True, timeout=60)
    if out.returncode == 0:
        config.available_features.add("pytest")
except (OSError, subprocess.TimeoutExpired):
    pass
