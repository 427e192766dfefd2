//===- torch_op.cpp - tile_opt's calls without Python, inside torch -------===//
//
// Built against torch's headers where they are present (tile_opt/_torch_op.py,
// torch.utils.cpp_extension), this registers the CUDA kernel of the op
// tile_opt::matmul (defined, with its fake implementation, in tile_opt/ops.py)
// and a call for Kernel(a, b[, out=c]). For the common case — CUDA tensors of
// the family's types, row-major or transposed views (larger leading
// dimensions too) by the runtime's rule (tile_rt_operand_layout), a problem
// the runtime has planned — they check the tensors, allocate C, read torch's
// current stream and launch through tile_runtime_launch, with no Python at
// all. Everything else (a first call, odd tensors, errors) goes to the Python
// path, which plans, checks every rule and says what is wrong.
//
// A runtime launcher serves one device: each call takes the launcher of its
// tensors' device, with that device current for the launch (torch's device
// guard), and a device without a launcher yet goes to the Python path.
//
//===----------------------------------------------------------------------===//

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/extension.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

// tile_runtime_launch(launcher, device, m, n, k, lda, ldb, ldc, a, b, c,
// stream), from the binding (tile_runtime.launch_function()).
using LaunchFn = int (*)(void *, int, int64_t, int64_t, int64_t, int64_t,
                         int64_t, int64_t, uint64_t, uint64_t, uint64_t,
                         void *);
LaunchFn launchFn = nullptr;
// tile_rt_operand_layout(rows, cols, stride0, stride1, want, &stored, &ld,
// status) from runtime/include/tile_runtime.h (tile_runtime.layout_function()),
// its enums as ints: 0 row-major, 1 transposed, 2 either; 0 returned when the
// view fits.
using LayoutFn = int (*)(int64_t, int64_t, int64_t, int64_t, int, int *,
                         int64_t *, void *);
LayoutFn layoutFn = nullptr;
constexpr int kEither = 2;

// A tile_opt.matmul family: the op's arguments and the operands' layout
// that pick it, and its runtime launchers (tile_runtime.Launcher.address())
// by device index, null for a device it has none on.
struct Family {
  at::ScalarType in;
  std::optional<at::ScalarType> out;
  std::string config;
  int64_t layout; // index in nn, nt, tn, tt
  std::vector<void *> launchers;

  void *on(int device) const {
    return device >= 0 && size_t(device) < launchers.size() ? launchers[device]
                                                           : nullptr;
  }
};
// Replaced whole (under the GIL) when a family is added, read without it.
std::shared_ptr<const std::vector<Family>> families =
    std::make_shared<std::vector<Family>>();
// tile_opt.ops._op; never destroyed (it would outlive the interpreter).
py::object *slowMatmul = nullptr;

// Whether 2-D `t` is stored as `want` asks (0 row-major, 1 transposed, 2
// either): its orientation and leading dimension by the runtime's rule.
bool stored(const at::Tensor &t, int want, int &transposed, int64_t &ld) {
  return layoutFn(t.size(0), t.size(1), t.stride(0), t.stride(1), want,
                  &transposed, &ld, nullptr) == 0;
}

// C = A B: M x N x K, the orientations (0 row-major, 1 transposed) and the
// leading dimensions of A, B and C.
struct Problem {
  int64_t m, n, k;
  int ta, tb;
  int64_t lda, ldb, ldc;
};

// 0 launched; otherwise the Python path must run. A refusal (such as a
// data pointer TMA cannot take) is not reported here: the Python path
// launches again and raises the runtime's own line, so both paths give one
// message. `launcher` is of A's device, made current here (the runtime
// refuses a launcher of another device, or another device's context).
int launch(void *launcher, const at::Tensor &a, const at::Tensor &b,
           const at::Tensor &c, const Problem &p) {
  int device = a.get_device();
  c10::cuda::CUDAGuard guard(a.device());
  auto stream = at::cuda::getCurrentCUDAStream(device).stream();
  return launchFn(launcher, device, p.m, p.n, p.k, p.lda, p.ldb, p.ldc,
                  reinterpret_cast<uint64_t>(a.data_ptr()),
                  reinterpret_cast<uint64_t>(b.data_ptr()),
                  reinterpret_cast<uint64_t>(c.data_ptr()), stream);
}

// The problem of nonempty 2-D CUDA operands of `in` on one device, A and B
// stored as `wantA` and `wantB` ask (C dense), or false.
bool plain(const at::Tensor &a, const at::Tensor &b, at::ScalarType in,
           int wantA, int wantB, Problem &p) {
  if (a.dim() != 2 || b.dim() != 2 || !a.is_cuda() ||
      a.scalar_type() != in || b.scalar_type() != in ||
      b.device() != a.device())
    return false;
  p.m = a.size(0);
  p.k = a.size(1);
  p.n = b.size(1);
  p.ldc = p.n;
  return p.m > 0 && p.n > 0 && p.k > 0 && b.size(0) == p.k &&
         stored(a, wantA, p.ta, p.lda) && stored(b, wantB, p.tb, p.ldb);
}

at::Tensor matmul(const at::Tensor &a, const at::Tensor &b,
                  c10::string_view config,
                  std::optional<at::ScalarType> outDtype) {
  Problem p;
  auto known = std::atomic_load(&families);
  for (const Family &f : *known) {
    if (f.in != a.scalar_type() || f.out != outDtype || f.config != config)
      continue;
    if (!plain(a, b, f.in, kEither, kEither, p))
      break;
    if (2 * p.ta + p.tb != f.layout)
      continue;
    void *launcher = f.on(a.get_device());
    if (!launcher)
      break;
    at::Tensor c =
        at::empty({p.m, p.n}, a.options().dtype(outDtype.value_or(f.in)));
    if (launch(launcher, a, b, c, p) == 0)
      return c;
    break;
  }
  py::gil_scoped_acquire gil;
  return (*slowMatmul)(a, b, std::string(config), outDtype).cast<at::Tensor>();
}

// Kernel(a, b, out=c) of a kernel of `layout` (C allocated when `given`
// is None), whose launchers' addresses by device index are `launchers` (0
// for none): C when launched; None sends the call to the Python path.
std::optional<at::Tensor> call(const py::tuple &launchers, const at::Tensor &a,
                               const at::Tensor &b,
                               std::optional<at::Tensor> given,
                               int64_t layout, at::ScalarType in,
                               at::ScalarType out) {
  Problem p;
  if (!plain(a, b, in, int(layout / 2), int(layout % 2), p))
    return std::nullopt;
  int device = a.get_device();
  if (device < 0 || size_t(device) >= launchers.size())
    return std::nullopt;
  void *l = reinterpret_cast<void *>(launchers[device].cast<uintptr_t>());
  if (!l)
    return std::nullopt;
  if (!given) {
    at::Tensor c = at::empty({p.m, p.n}, a.options().dtype(out));
    if (launch(l, a, b, c, p) != 0)
      return std::nullopt;
    return c;
  }
  const at::Tensor &c = *given;
  int tc;
  if (c.dim() != 2 || c.scalar_type() != out || c.device() != a.device() ||
      c.size(0) != p.m || c.size(1) != p.n || !stored(c, 0, tc, p.ldc))
    return std::nullopt;
  // C must not overlap A or B: the bytes from each one's first element to
  // its last must be disjoint.
  auto begin = [](const at::Tensor &t) {
    return reinterpret_cast<uintptr_t>(t.data_ptr());
  };
  auto end = [&](const at::Tensor &t) {
    return begin(t) +
           ((t.size(0) - 1) * t.stride(0) + (t.size(1) - 1) * t.stride(1) + 1) *
               t.element_size();
  };
  if ((begin(c) < end(a) && begin(a) < end(c)) ||
      (begin(c) < end(b) && begin(b) < end(c)) || launch(l, a, b, c, p) != 0)
    return std::nullopt;
  return c;
}

void setup(uintptr_t launch, uintptr_t layout, py::object slow) {
  launchFn = reinterpret_cast<LaunchFn>(launch);
  layoutFn = reinterpret_cast<LayoutFn>(layout);
  slowMatmul = new py::object(std::move(slow));
}

// Serves a family on device `device` with `launcher` (a
// tile_runtime.Launcher of that device) from now on, in place of any it had
// there. The launcher is kept alive for good: a call that read the old list
// may still be using the one replaced.
void addFamily(at::ScalarType in, std::optional<at::ScalarType> out,
               const std::string &config, int64_t layout, int64_t device,
               py::object launcher) {
  if (device < 0 || device > 1023)
    throw std::invalid_argument("device index " + std::to_string(device));
  void *address =
      reinterpret_cast<void *>(launcher.attr("address")().cast<uintptr_t>());
  launcher.inc_ref();
  auto next = std::make_shared<std::vector<Family>>();
  std::vector<void *> launchers;
  for (const Family &f : *std::atomic_load(&families)) {
    if (f.in != in || f.out != out || f.config != config || f.layout != layout)
      next->push_back(f);
    else
      launchers = f.launchers;
  }
  if (launchers.size() <= size_t(device))
    launchers.resize(device + 1, nullptr);
  launchers[device] = address;
  next->push_back({in, out, config, layout, std::move(launchers)});
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
