//===- torch_op.cpp - tile_opt's calls without Python, inside torch -------===//
//
// Built against torch's headers where they are present (tile_opt/_torch_op.py,
// torch.utils.cpp_extension), this registers the CUDA kernel of the op
// tile_opt::matmul (defined, with its fake implementation, in tile_opt/ops.py)
// and a call for Kernel(a, b[, out=c]). For the common case — plain row-major
// CUDA tensors of the family's types, a shape the runtime has planned — they
// check the tensors, allocate C, read torch's current stream and launch
// through tile_runtime_launch, with no Python at all. Everything else (a
// first call, odd tensors, errors) goes to the Python path, which plans,
// checks every rule and says what is wrong.
//
//===----------------------------------------------------------------------===//

#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

using LaunchFn = int (*)(void *, int, int64_t, int64_t, int64_t, uint64_t,
                         uint64_t, uint64_t, void *);
LaunchFn launchFn = nullptr;

// A tile_opt.matmul family: the op's arguments and the operands' layout
// that pick it, and its runtime launcher (tile_runtime.Launcher.address()).
struct Family {
  at::ScalarType in;
  std::optional<at::ScalarType> out;
  std::string config;
  int64_t layout; // index in nn, nt, tn, tt
  void *launcher;
};
// Replaced whole (under the GIL) when a family is added, read without it.
std::shared_ptr<const std::vector<Family>> families =
    std::make_shared<std::vector<Family>>();
// tile_opt.ops._op; never destroyed (it would outlive the interpreter).
py::object *slowMatmul = nullptr;

bool rowMajor(const at::Tensor &t, int64_t rows, int64_t cols) {
  return t.stride(0) == cols && t.stride(1) == 1 && t.size(0) == rows &&
         t.size(1) == cols;
}

// A rows x cols view stored as 'n' (row-major) or 't' (its transpose
// row-major); row-major first, as tile_opt.ops picks.
int storage(const at::Tensor &t, int64_t rows, int64_t cols) {
  if (t.stride(0) == cols && t.stride(1) == 1)
    return 0;
  if (t.stride(0) == 1 && t.stride(1) == rows)
    return 1;
  return -1;
}

// 0 launched; otherwise the Python path must run.
int launch(void *launcher, const at::Tensor &a, const at::Tensor &b,
           const at::Tensor &c, int64_t m, int64_t n, int64_t k) {
  int device = a.get_device();
  auto stream = at::cuda::getCurrentCUDAStream(device).stream();
  return launchFn(launcher, device, m, n, k,
                  reinterpret_cast<uint64_t>(a.data_ptr()),
                  reinterpret_cast<uint64_t>(b.data_ptr()),
                  reinterpret_cast<uint64_t>(c.data_ptr()), stream);
}

// M, N, K and the layout (index in nn, nt, tn, tt) of plain dense CUDA
// operands of `in` on one device, or false.
bool plain(const at::Tensor &a, const at::Tensor &b, at::ScalarType in,
           int64_t &m, int64_t &n, int64_t &k, int64_t &layout) {
  if (a.dim() != 2 || b.dim() != 2 || !a.is_cuda() ||
      a.scalar_type() != in || b.scalar_type() != in ||
      b.device() != a.device())
    return false;
  m = a.size(0);
  k = a.size(1);
  n = b.size(1);
  if (m <= 0 || n <= 0 || k <= 0 || b.size(0) != k)
    return false;
  int sa = storage(a, m, k), sb = storage(b, k, n);
  layout = 2 * sa + sb;
  return sa >= 0 && sb >= 0;
}

at::Tensor matmul(const at::Tensor &a, const at::Tensor &b,
                  c10::string_view config,
                  std::optional<at::ScalarType> outDtype) {
  int64_t m, n, k, layout;
  auto known = std::atomic_load(&families);
  for (const Family &f : *known) {
    if (f.in != a.scalar_type() || f.out != outDtype || f.config != config)
      continue;
    if (!plain(a, b, f.in, m, n, k, layout))
      break;
    if (layout != f.layout)
      continue;
    at::Tensor c = at::empty({m, n}, a.options().dtype(outDtype.value_or(f.in)));
    if (launch(f.launcher, a, b, c, m, n, k) == 0)
      return c;
    break;
  }
  py::gil_scoped_acquire gil;
  return (*slowMatmul)(a, b, std::string(config), outDtype).cast<at::Tensor>();
}

// Kernel(a, b, out=c) of a kernel of `layout` (C allocated when `given`
// is None): C when launched; None sends the call to the Python path.
std::optional<at::Tensor> call(uintptr_t launcher, const at::Tensor &a,
                               const at::Tensor &b,
                               std::optional<at::Tensor> given,
                               int64_t layout, at::ScalarType in,
                               at::ScalarType out) {
  int64_t m, n, k, stored;
  if (!plain(a, b, in, m, n, k, stored) || stored != layout)
    return std::nullopt;
  if (!given) {
    at::Tensor c = at::empty({m, n}, a.options().dtype(out));
    if (launch(reinterpret_cast<void *>(launcher), a, b, c, m, n, k) != 0)
      return std::nullopt;
    return c;
  }
  const at::Tensor &c = *given;
  if (c.dim() != 2 || c.scalar_type() != out || c.device() != a.device() ||
      !rowMajor(c, m, n))
    return std::nullopt;
  // C must not overlap A or B (all dense, so spans are sizes).
  auto begin = [](const at::Tensor &t) {
    return reinterpret_cast<uintptr_t>(t.data_ptr());
  };
  auto end = [&](const at::Tensor &t) { return begin(t) + t.nbytes(); };
  if ((begin(c) < end(a) && begin(a) < end(c)) ||
      (begin(c) < end(b) && begin(b) < end(c)) ||
      launch(reinterpret_cast<void *>(launcher), a, b, c, m, n, k) != 0)
    return std::nullopt;
  return c;
}

void setup(uintptr_t function, py::object slow) {
  launchFn = reinterpret_cast<LaunchFn>(function);
  slowMatmul = new py::object(std::move(slow));
}

// Serves a family with `launcher` (a tile_runtime.Launcher) from now on, in
// place of any it had. The launcher is kept alive for good: a call that
// read the old list may still be using the one replaced.
void addFamily(at::ScalarType in, std::optional<at::ScalarType> out,
               const std::string &config, int64_t layout,
               py::object launcher) {
  void *address =
      reinterpret_cast<void *>(launcher.attr("address")().cast<uintptr_t>());
  launcher.inc_ref();
  auto next = std::make_shared<std::vector<Family>>();
  for (const Family &f : *std::atomic_load(&families))
    if (f.in != in || f.out != out || f.config != config || f.layout != layout)
      next->push_back(f);
  next->push_back({in, out, config, layout, address});
  std::atomic_store(&families,
                    std::shared_ptr<const std::vector<Family>>(std::move(next)));
}

} // namespace

TORCH_LIBRARY_IMPL(tile_opt, CUDA, m) { m.impl("matmul", &matmul); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("setup", &setup);
  m.def("add_family", &addFamily);
  m.def("call", &call);
  // tile_opt.matmul outside torch.compile: the op's kernel without the
  // dispatcher's cost.
  m.def("matmul", &matmul);
}
