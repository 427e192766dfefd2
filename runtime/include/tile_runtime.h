/*===- tile_runtime.h - The bundle contract of tile-opt, as a C API -------===*
 *
 * tile-opt writes a bundle: a launch manifest (JSON) and the PTX it names,
 * or a dispatch manifest (config=auto) whose rules pick one such bundle per
 * problem shape. This library is the one implementation of what a launcher
 * must do with it:
 *
 *   tile_rt_bundle_load   read and validate a manifest, its PTX and, for a
 *                         dispatch manifest, every member (each loaded once)
 *   tile_rt_bundle_pick   the member a dispatch manifest runs for a shape
 *   tile_rt_plan_create   check a problem against a kernel and plan it:
 *                         staging, scalar arguments, grid, clusters,
 *                         workspace, TMA descriptors
 *   tile_rt_operand_layout  the layout and leading dimension of a strided
 *                         view (a torch tensor's), or why it has none
 *   tile_rt_kernel_load   load the kernel into the current CUDA context and
 *                         check that the GPU can run it
 *   tile_rt_launch        launch a plan on a stream
 *
 * Everything but the last two works without a GPU or a driver: libcuda is
 * opened (dlopen) only when a kernel is loaded, a descriptor encoded or a
 * kernel launched.
 *
 * Conventions. Every function accepts null pointers and refuses them with
 * TILE_RT_INVALID_ARGUMENT rather than crashing. Functions that can fail
 * return a tile_rt_code and, when `status` is not null, fill it: the code
 * and one line of text saying what is wrong (printable ASCII, NUL-
 * terminated, truncated to fit). Nothing here prints or exits. Sizes are
 * in elements unless named bytes. A bundle and its plans may be used from
 * one thread at a time; kernel loading alone is safe to race.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_H
#define TILE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tile_rt_code {
  TILE_RT_OK = 0,
  TILE_RT_INVALID_ARGUMENT = 1, /* a null pointer, an unknown enum value */
  TILE_RT_BAD_BUNDLE = 2,       /* a manifest or PTX file refused */
  TILE_RT_UNSUPPORTED = 3,      /* the kernel cannot run this problem */
  TILE_RT_NO_DRIVER = 4,        /* libcuda cannot be loaded */
  TILE_RT_CUDA_ERROR = 5,       /* a driver call failed, or the GPU cannot
                                   run the kernel */
  TILE_RT_OUT_OF_MEMORY = 6,    /* host memory */
  TILE_RT_INTERNAL_ERROR = 7    /* a bug in the runtime */
} tile_rt_code;

#define TILE_RT_MESSAGE_BYTES 1024

typedef struct tile_rt_status {
  tile_rt_code code;
  char message[TILE_RT_MESSAGE_BYTES]; /* "" when code is TILE_RT_OK */
} tile_rt_status;

/* The largest M, N or K, 2^31 - 1: what the runtime's checks and counts
 * assume, and cuBLAS's int sizes hold. */
#define TILE_RT_MAX_SIZE 2147483647

typedef enum tile_rt_dtype {
  TILE_RT_F16 = 0,
  TILE_RT_BF16 = 1,
  TILE_RT_F32 = 2
} tile_rt_dtype;

/* "f16", "bf16", "f32"; "?" for other values. */
const char *tile_rt_dtype_name(tile_rt_dtype type);
/* 2 or 4; 0 for other values. */
size_t tile_rt_dtype_bytes(tile_rt_dtype type);

/* How A and B are stored: the first letter is A, the second B; n = row-
 * major (A as M x K, B as K x N), t = transposed (A as K x M, B as N x K).
 * C is always M x N row-major. Each operand's rows lie its leading
 * dimension apart (tile_rt_problem's lda, ldb, ldc): its row length (dense)
 * or more, as in a sub-matrix view of a larger matrix. */
typedef enum tile_rt_layout {
  TILE_RT_NN = 0,
  TILE_RT_NT = 1,
  TILE_RT_TN = 2,
  TILE_RT_TT = 3
} tile_rt_layout;

/* "nn", "nt", "tn", "tt"; "?" for other values. */
const char *tile_rt_layout_name(tile_rt_layout layout);

/* Copies of A and B whose rows (at least 128 bytes) start inside 128-byte
 * L2 lines, where a TMA row costs two lines: onto rows of whole lines,
 * copied in around every launch as a staged operand is (tile_rt_plan_info's
 * a_copy_bytes, b_copy_bytes). */
typedef enum tile_rt_line_copies {
  /* A dispatch manifest's cost model decides: where the pick on the
   * copies, with their time, is estimated faster than in place (never for
   * a kernel bundle, nor a rule without a cost). */
  TILE_RT_LINE_COPIES_MODEL = 0,
  TILE_RT_LINE_COPIES_NEVER = 1,
  /* Copies every such operand of a TMA kernel. */
  TILE_RT_LINE_COPIES_ALWAYS = 2
} tile_rt_line_copies;

/* tile_rt_layout_name's inverse: 1 with *layout set when `name` is "nn",
 * "nt", "tn" or "tt", 0 (and *layout unchanged) for any other name or a
 * null argument. */
int tile_rt_layout_from_name(const char *name, tile_rt_layout *layout);

/* 1 when `layout` stores operand 0 (A) or 1 (B) transposed (its letter is
 * t), 0 for the other operand, C (2) and other values. */
int tile_rt_layout_transposes(tile_rt_layout layout, int operand);

/* How one operand is stored (tile_rt_operand_layout). */
typedef enum tile_rt_orientation {
  TILE_RT_ROW_MAJOR = 0,  /* rows ld apart, a row's elements adjacent */
  TILE_RT_TRANSPOSED = 1, /* its transpose row-major: columns ld apart */
  TILE_RT_EITHER = 2      /* asked for: row-major if it fits, else
                             transposed */
} tile_rt_orientation;

/* The one rule for the layout of a rows x cols view whose strides are
 * stride0 (between rows) and stride1 (between columns) elements, as a
 * torch tensor's shape and stride() give them: row-major when stride1 is 1
 * and stride0 at least cols (ld = stride0), transposed when stride0 is 1
 * and stride1 at least rows (ld = stride1). A dimension of size 1 or 0
 * multiplies no index, so its stride is ignored, and where the leading
 * dimension is such a dimension's stride (one row, row-major; one column,
 * transposed) ld is the contiguous size. `want` asks for one orientation,
 * or TILE_RT_EITHER. Sets *stored and *ld, or refuses (TILE_RT_UNSUPPORTED)
 * with one line: "a 64x32 view with strides (64, 2) is neither row-major
 * (strides (>= 32, 1)) nor transposed (strides (1, >= 64))". Negative
 * sizes are TILE_RT_INVALID_ARGUMENT. How a kernel takes the leading
 * dimension is tile_rt_plan_create's to say (a TMA kernel stages an operand
 * whose rows are not 16 bytes apart). */
tile_rt_code tile_rt_operand_layout(int64_t rows, int64_t cols, int64_t stride0,
                                    int64_t stride1, tile_rt_orientation want,
                                    tile_rt_orientation *stored, int64_t *ld,
                                    tile_rt_status *status);

/*===----------------------------------------------------------------------===*
 * Bundles
 *===----------------------------------------------------------------------===*/

typedef struct tile_rt_bundle tile_rt_bundle;

/* The largest manifest and PTX that tile_rt_bundle_load reads: tile-opt
 * writes manifests of a few KiB and PTX of at most a few MiB. */
#define TILE_RT_MAX_MANIFEST_BYTES (1 << 20)
#define TILE_RT_MAX_PTX_BYTES (64 << 20)

/* Reads and validates the manifest at `path` and the PTX file it names
 * (relative to the manifest), or, for a dispatch manifest, every member it
 * names. Refused (TILE_RT_BAD_BUNDLE, with "manifest PATH: why"): files
 * that are not regular, a manifest above 1 MiB or a PTX above 64 MiB
 * (TILE_RT_MAX_MANIFEST_BYTES, TILE_RT_MAX_PTX_BYTES),
 * malformed JSON (also JSON nested deeper than 200 levels, repeated keys,
 * NUL bytes), integers of 2^53 or more in magnitude, every field missing,
 * mistyped or out of its range (include/tile/Conversion/ManifestFields.def
 * declares them), and a PTX without the kernel's `.entry <kernel>(` taking
 * the manifest's parameters (by count and size). A dispatch manifest may
 * have at most 4096 rules naming at most 64 distinct members; each member
 * is read once. On success *out owns the bundle; free it with
 * tile_rt_bundle_free. */
tile_rt_code tile_rt_bundle_load(const char *path, tile_rt_bundle **out,
                                 tile_rt_status *status);

/* Frees a bundle from tile_rt_bundle_load (and unloads its kernels); null is
 * ignored. Members (tile_rt_bundle_member) are freed with their dispatch
 * manifest, never alone. */
void tile_rt_bundle_free(tile_rt_bundle *bundle);

/* What a manifest says. Strings are owned by the bundle, never null ("" for
 * absent optional fields); integers are -1 where an optional field is
 * absent and has no default. */
typedef struct tile_rt_bundle_info {
  const char *path;     /* the manifest, as given to tile_rt_bundle_load */
  const char *kernel;   /* the kernel's name (of a dispatch manifest: its
                           own "kernel") */
  const char *ptx;      /* "ptx" as written; "" for a dispatch manifest */
  const char *ptx_path; /* resolved against the manifest's directory */
  const char *schedule; /* "tiled", "persistent" or "stream_k" */
  const char *mma;      /* "sync" or "wgmma" */
  const char *layouts;  /* the layouts served: "nn, nt" */
  const char *chip, *order, *acc_type;
  const char *warp_specialize; /* "none", "cooperative" or "pingpong" */
  const char *gpu_module;      /* the compiler's name for the kernel's module */
  tile_rt_dtype a_type, b_type, c_type;
  int64_t block_m, block_n, block_k;
  int64_t threads_per_block, dynamic_shared_bytes;
  int64_t group_m, num_warps, num_stages;
  int64_t min_blocks_per_sm; /* the blocks per SM it was compiled for */
  int64_t cluster_m;            /* 1 or 2 */
  int64_t split_k;              /* 1 to 128 */
  const char *splits;           /* split-K: "cluster" (split_k <= 8, sums in
                                   a cluster), "resident" (in the
                                   workspace, every program adding a share)
                                   or "grid" (in the workspace, an earlier
                                   kernel's last program adding them), else
                                   "" */
  int64_t workspace_tile_bytes; /* 0 unless the kernel takes a workspace */
  int64_t index_bitwidth;       /* 32 or 64 */
  int64_t m_multiple, n_multiple, k_multiple;
  /* TMA boxes {inner, outer} in elements; zero unless mma=wgmma. A's
     tail box loads the tiles partly past M. */
  int64_t tma_box_a[2], tma_box_b[2], tma_box_c[2], tma_box_a_tail[2];
  int64_t tma_swizzle_bytes;
  int64_t l2_promotion; /* bytes L2 fetches around each miss of its TMA
                           loads: 0, 64, 128 or 256 (256 when the manifest
                           states none) */
  int persistent; /* the grid is persistent (persistent, stream_k) */
  int stream_k;
  int uses_tma;        /* takes tma_a, tma_b, tma_c and tma_a_tail */
  int uses_workspace;  /* takes workspace (stream_k, or split_k > 1 with
                          "splits": "grid") */
  size_t param_count;  /* parameters of the kernel's ABI */
  size_t rule_count;   /* a dispatch manifest's rules; 0 for a kernel */
  size_t member_count; /* its distinct members; 0 for a kernel */
  int64_t swap_ab;     /* 1: its MMAs compute C's transpose (M on wgmma's N
                          side); launched as any other kernel */
  int64_t c_any_alignment; /* 1: it stores C at any alignment (TMA where it
                              can, else its threads): C is never copied */
} tile_rt_bundle_info;

tile_rt_code tile_rt_bundle_get_info(const tile_rt_bundle *bundle,
                                     tile_rt_bundle_info *info,
                                     tile_rt_status *status);

/* The value a kernel's memref types fix for parameter `param` (a size "M",
 * a stride "stride_am", or for "A", "B" and "C" the static offset in
 * elements): 1 with *value set when the manifest records one (the
 * manifest's "static_<name>" / "static_offset_<a|b|c>"), 0 when it does
 * not, or for null arguments and unknown names. */
int tile_rt_bundle_static(const tile_rt_bundle *bundle, const char *param,
                          int64_t *value);

/* Member `index` (0 to member_count - 1) of a dispatch manifest, owned by
 * it; null when out of range or not a dispatch manifest. */
const tile_rt_bundle *tile_rt_bundle_member(const tile_rt_bundle *bundle,
                                            size_t index);

/* Rule `index` (0 to rule_count - 1) of a dispatch manifest: the member it
 * names and how it is chosen, 0 or "" where it has none. Strings are owned
 * by the bundle. */
typedef struct tile_rt_rule {
  const char *bundle;   /* "bundle": the member's manifest, as written */
  size_t member;        /* its index for tile_rt_bundle_member */
  const char *shape_class; /* "class": tile-tune's class of the shape */
  /* "cost": the model's SMs, ps per K step of a tile, ns per tile, ns per
   * launch and bytes per ns */
  int64_t cost[5];
  const char *why;
  /* "cluster_slots": for a member whose splits meet in a cluster, the
   * blocks resident at once in clusters of 1 to 8; else all 0 */
  int64_t cluster_slots[8];
  /* The member's programs resident per SM as the cost model counts them
   * outside clusters: what Hopper's shared memory and registers per SM
   * hold of its blocks (1 or more; registers at 255 a thread). */
  int64_t blocks_per_sm;
} tile_rt_rule;

/* An M x N x K problem (defined below, with the plans). */
typedef struct tile_rt_problem tile_rt_problem;

/* The cost model's time, in ns, of a modelled rule for `problem` (its
 * sizes and its operands' rows, as tile_rt_bundle_pick reads them; a
 * split-K member's at the splits per tile, 2 to split_k in powers of two
 * and 3 at its cost factor, as tile_rt_model_estimate weighs them, that
 * estimate least: those a plan of the pick runs); TILE_RT_INVALID_ARGUMENT for
 * a rule without a cost, a size outside 1 to 2^31 - 1 (the arguments are
 * wrong, where tile_rt_bundle_pick says a shape is unsupported) or a layout
 * or type that is no enum value. The model
 * counts SMs as its "cost" states them (the calibrated chip's), not the
 * device's. */
tile_rt_code tile_rt_rule_estimate(const tile_rt_bundle *bundle, size_t index,
                                   const tile_rt_problem *problem, double *ns,
                                   tile_rt_status *status);

/* What the cost model reads of a member: its tile, split-K and the bytes of
 * an element of A, B and C. */
typedef struct tile_rt_model_tile {
  int64_t block_m, block_n, block_k, split_k;
  int64_t a_bytes, b_bytes, c_bytes;
  int64_t stream_k; /* 1: hybrid Stream-K (schedule=stream_k), else 0 */
  /* Splits in a cluster ("splits": "cluster"): the blocks resident at once
   * in clusters of 1 to 8 (a dispatch rule's "cluster_slots"); all 0:
   * blocks_per_sm programs per SM. */
  int64_t cluster_slots[8];
  /* Programs resident per SM outside clusters (a rule's blocks_per_sm), 1
   * to 32; 0 counts as 1. */
  int64_t blocks_per_sm;
  /* 1: a transposed member (swap_ab), whose 3 splits a rule weighs at a
   * lower cost factor, else 0. */
  int64_t swap_ab;
} tile_rt_model_tile;

/* The same estimate for any member and coefficients (cost: SMs, ps per K
 * step of a tile, ns per tile, ns per launch, bytes per ns, as doubles), so
 * that a calibration fit tries coefficients on the one formula. With
 * `splits` null, at the tile's split_k; otherwise as a rule picks: a split-K
 * tile at the splits per tile (2 to split_k in powers of two, and 3 at a
 * cost factor of 1.25, 1.1 for a swap_ab tile, its estimate so weighted;
 * above 8, through the workspace, any count whose programs fit at once)
 * that estimate least, written to *splits (1 for a tile without split-K).
 * a_pitch and b_pitch: the bytes from one row of A, and of B, to the next
 * as the kernel reads them (any value; a multiple of 128, 0 included, puts
 * every row on whole L2 lines, which the model counts by the line).
 * TILE_RT_INVALID_ARGUMENT for a tile size, split or byte size outside 1 to
 * 65536, a stream_k or swap_ab other than 0 or 1, cluster slots not all 0 or
 * all 1 to 1024, blocks per SM outside 0 to 32, a coefficient that is negative
 * or not finite, SMs, step time or bytes per ns of 0, or a size outside 1 to
 * 2^31 - 1. */
tile_rt_code tile_rt_model_estimate(const tile_rt_model_tile *tile,
                                    const double cost[5], int64_t m, int64_t n,
                                    int64_t k, int64_t a_pitch, int64_t b_pitch,
                                    double *ns, int64_t *splits,
                                    tile_rt_status *status);

/* The order in which a timing harness visits `count` entries in round
 * `round` (from 0): a Williams design, in which every entry directly
 * follows every other equally often over a whole period (count rounds for
 * an even count, twice that for an odd one). A GPU at its power cap runs a
 * kernel slower after some neighbours than after others; an order rotated
 * by one per round puts each entry after the same one in every round but
 * its first, which measured ~1.5% between two kernels whose code is the
 * same (docs/results/benchmark.md). Writes `count` indices to `order`.
 * TILE_RT_INVALID_ARGUMENT for a round below 0 or a count outside 1 to
 * 65536. */
tile_rt_code tile_rt_visit_order(int64_t round, int64_t count, int64_t *order,
                                 tile_rt_status *status);

/* How a result C of depth K is checked against the fp32 reference C_ref
 * (tile-run and tile-bench check by it; tools/tile-run/README.md shows why
 * a correct kernel meets it):
 * - frobenius: the most ||C - C_ref|| / ||C_ref|| may be: about the
 *   rounding of C to its type, and for an f32 C room for partial sums kept
 *   in the input type;
 * - each element: |C - C_ref| <= per_ref |C_ref| + per_magnitude
 *   (|A|.|B|) + absolute, per_ref the unit roundoff of C's type (0 for
 *   f32), per_magnitude K 2^-20; checked where `elementwise`: K up to 2^18,
 *   past which that argument fails.
 * TILE_RT_INVALID_ARGUMENT for an unknown type, a K below 0 or a null
 * `bounds`. */
typedef struct tile_rt_check_bounds {
  double frobenius, per_ref, per_magnitude, absolute;
  int elementwise;
} tile_rt_check_bounds;

tile_rt_code tile_rt_check_bounds_of(tile_rt_dtype in, tile_rt_dtype out,
                                     int64_t k, tile_rt_check_bounds *bounds,
                                     tile_rt_status *status);

tile_rt_code tile_rt_bundle_rule(const tile_rt_bundle *bundle, size_t index,
                                 tile_rt_rule *rule, tile_rt_status *status);

/* The kernel that runs `problem`: for a kernel bundle itself, for a
 * dispatch manifest the member of the first rule without a cost whose class
 * (if any) matches, else of the modelled rule with the least estimate for
 * its sizes and its operands' rows as the members read them (leading
 * dimensions, or a staged copy's rows) (TILE_RT_UNSUPPORTED when none, or
 * when a size is outside 1 to 2^31 - 1; TILE_RT_INVALID_ARGUMENT for a
 * layout or type that is no enum value; the rest of the problem is checked
 * by tile_rt_plan_create).
 * When `why` is not null it receives (truncated to why_bytes) which rule and
 * why ("rule 3, model: 32 tiles of 64x128 ..."); "" for a kernel bundle.
 * When `splits` is not null it receives the programs per tile the model
 * chose for a split-K member (tile_rt_problem.splits), else 0 (its
 * split_k). When `line_copies` is not null it receives how the member runs
 * (tile_rt_problem.line_copies): TILE_RT_LINE_COPIES_ALWAYS on the copies
 * the problem asks for or the model chose (the reason says so, with both
 * estimates), else TILE_RT_LINE_COPIES_NEVER. `*kernel` is null on any
 * failure. */
tile_rt_code tile_rt_bundle_pick(const tile_rt_bundle *bundle,
                                 const tile_rt_problem *problem,
                                 const tile_rt_bundle **kernel, int64_t *splits,
                                 tile_rt_line_copies *line_copies, char *why,
                                 size_t why_bytes, tile_rt_status *status);

/* One way to run a problem, as tile_rt_bundle_candidates ranks it. */
typedef struct tile_rt_candidate {
  const tile_rt_bundle *kernel; /* the member (a kernel bundle: itself) */
  int64_t rule;                 /* the dispatch rule naming it; -1 */
  int64_t splits; /* tile_rt_problem.splits that runs it as estimated: the
                     model's choice for a split-K member, else 0 */
  double ns;      /* the model's estimate; 0 where no model ranked it */
  /* tile_rt_problem.line_copies that runs it as estimated: the pick's
   * (every candidate is estimated on the rows the pick runs on; ns leaves
   * out the copies' own time) */
  tile_rt_line_copies line_copies;
} tile_rt_candidate;

/* The ways `bundle` could run `problem`, for a caller that times
 * them and keeps the fastest (tile_opt's autotune, tile-bench --tune): first
 * what tile_rt_bundle_pick picks (with its splits); where a dispatch
 * manifest's pick is modelled, then its other modelled rules in the order
 * of their estimates, and a rule whose splits meet in a cluster once more:
 * at 3 splits where the model estimates 3 (without the pick's cost factor)
 * below the power of two it chose, at its best power of two where it chose
 * 3; each (member, splits) once. A kernel bundle, or a rule
 * without a cost (tile-tune's measured pick), gives one. Writes up to
 * `capacity` of them to `out` and their number to *count; fails as
 * tile_rt_bundle_pick does (TILE_RT_INVALID_ARGUMENT for a capacity of 0). */
tile_rt_code tile_rt_bundle_candidates(const tile_rt_bundle *bundle,
                                       const tile_rt_problem *problem,
                                       tile_rt_candidate *out, size_t capacity,
                                       size_t *count, tile_rt_status *status);

/* tile-tune's class of a shape, which a dispatch rule's "class" names:
 * each size's power-of-two bucket and whether N and K are multiples of 8
 * ("m2^12-n2^12-k2^12", "...-unaligned"). Writes it into `buffer`
 * (truncated to `bytes`, NUL-terminated when bytes > 0) and returns its full
 * length; 0 when a size is outside 1 to 2^31 - 1. */
size_t tile_rt_shape_class(int64_t m, int64_t n, int64_t k, char *buffer,
                           size_t bytes);

/*===----------------------------------------------------------------------===*
 * Kernels on the GPU
 *===----------------------------------------------------------------------===*/

typedef struct tile_rt_kernel_info {
  int regs;          /* registers per thread */
  int local_bytes;   /* local memory (spills) per thread */
  int static_shared; /* static shared memory per block, bytes */
  int max_threads;   /* the most threads per block its registers allow */
  int ptx_version, binary_version; /* e.g. 87 and 90 */
  int blocks_per_sm;       /* resident blocks per SM, the driver's figure */
  int max_active_clusters; /* cluster_m > 1: clusters resident at once */
  int sm_count;            /* SMs of the current device */
  int shared_optin;        /* the device's shared memory per block, opted in */
  void *function;          /* the CUfunction */
} tile_rt_kernel_info;

/* Loads a kernel bundle's PTX into the current CUDA context (once; later
 * calls return what the first found, so a bundle serves one context), opts
 * in to its dynamic shared memory and fills `info`. Refused
 * (TILE_RT_CUDA_ERROR) when the driver rejects the PTX, the PTX lacks the
 * kernel, or the GPU cannot run a block (threads, shared memory) or a
 * cluster of it; `info` then holds what was found before. TILE_RT_NO_DRIVER
 * without libcuda. `info` may be null. */
tile_rt_code tile_rt_kernel_load(const tile_rt_bundle *kernel,
                                 tile_rt_kernel_info *info,
                                 tile_rt_status *status);

/*===----------------------------------------------------------------------===*
 * Problems and plans
 *===----------------------------------------------------------------------===*/

/* A shape written "MxNxK" (tile-run's --shape, tile-bench's and
 * tile-tune's): three sizes from 1 to TILE_RT_MAX_SIZE in ASCII digits, no
 * sign, space or leading zero, joined by a lowercase x. Sets mnk to M, N
 * and K, or refuses anything else (TILE_RT_INVALID_ARGUMENT) with
 * "expected MxNxK, three sizes from 1 to 2147483647 in ASCII digits", for
 * the caller to put after where the text came from. */
tile_rt_code tile_rt_parse_shape(const char *text, int64_t mnk[3],
                                 tile_rt_status *status);

/* C (M x N) = A (M x K) * B (K x N), A and B of a_type, C of c_type.
 * Each operand is a row-major matrix as the layout stores it (A M x K or
 * K x M, B K x N or N x K, C M x N) whose rows lie lda, ldb and ldc
 * elements apart: at least a row's length (the contiguous size), 0 meaning
 * exactly that (dense). The leading dimensions, splits and line copies come
 * last, so that callers written before them, which zero-initialize the
 * struct or name only the first six fields in an initializer, pass dense
 * operands and leave the splits and copies to the model. */
struct tile_rt_problem {
  int64_t m, n, k; /* each 1 to TILE_RT_MAX_SIZE */
  tile_rt_layout layout;
  tile_rt_dtype a_type, c_type;
  int64_t lda, ldb, ldc; /* elements; 0: dense */
  /* A split-K kernel's programs per tile, 1 to its split_k (the workspace's
   * slots); 0: the cost model's choice where a dispatch manifest's rule with
   * a cost picks the kernel, else split_k. Other kernels: 0 or 1. With a
   * dispatch manifest it applies to whichever member is picked (refused when
   * that one cannot run it). */
  int64_t splits;
  tile_rt_line_copies line_copies;
};

/* What a persistent grid, and a split-K kernel whose splits are resident
 * ("splits": "resident": a tile's programs wait for one another), are
 * sized from; other tiled grids need none of it. */
typedef struct tile_rt_device {
  int64_t sm_count;            /* SMs of the GPU */
  int64_t programs_per_sm;     /* e.g. tile_rt_kernel_info.blocks_per_sm */
  int64_t max_active_clusters; /* cluster_m > 1: e.g.
                                  tile_rt_kernel_info.max_active_clusters */
} tile_rt_device;

typedef struct tile_rt_plan tile_rt_plan;

/* Checks `problem` against `bundle` (a dispatch manifest first picks its
 * member) and plans it. Refused (TILE_RT_UNSUPPORTED, one line naming the
 * bundle): sizes out of range, other types, a layout the kernel does not
 * serve, a leading dimension below its row's length or overflowing the
 * operand's 64-bit offsets, sizes or strides other than the kernel's static
 * ones, operands (or their padded copies) or a workspace beyond the
 * kernel's index width, sizes that are not the multiples the kernel needs
 * (for a TMA kernel only a size that is no operand's row length, M in
 * layouts nn and nt, K in tn: the rows' multiples are met by staging), a
 * copy whose rows would lie 2^31 bytes or more apart (cuMemcpy2D's pitch),
 * a grid above 2^31 - 1 blocks, a workspace above 2^63 - 1 bytes, splits
 * outside 0 to the kernel's split_k (0 or 1 without split-K). A TMA
 * kernel is staged rather than refused where an operand's rows are not
 * TMA-addressable (tile_rt_plan_info); only a manifest that pins such an
 * operand's stride (static_stride_am, ...) to another value than its
 * copy's refuses it, naming the size's multiple or the leading dimension.
 * `device` may be
 * null: a persistent kernel's plan, and a resident split-K kernel's above
 * one split, then has no grid and cannot be launched, but is checked as any
 * other. With a device, a resident split-K kernel runs by default as many
 * splits as leave all its programs resident at once (sm_count x
 * programs_per_sm / tiles, at most split_k) and refuses more; it is
 * launched cooperatively, so the driver refuses a grid that does not fit. The
 * plan refers to the bundle, which must outlive it. Free it with
 * tile_rt_plan_free. */
tile_rt_code tile_rt_plan_create(const tile_rt_bundle *bundle,
                                 const tile_rt_problem *problem,
                                 const tile_rt_device *device,
                                 tile_rt_plan **out, tile_rt_status *status);

void tile_rt_plan_free(tile_rt_plan *plan);

typedef struct tile_rt_plan_info {
  const tile_rt_bundle *kernel; /* the kernel that runs (a member of a
                                   dispatch manifest, or the bundle) */
  int64_t rule;                 /* the dispatch rule that picked it; -1 */
  /* Staged: a TMA kernel runs on a padded copy of each operand whose rows
   * TMA cannot address, in that layout and with those leading dimensions:
   * rows (the leading dimension; the row length when dense) that are not a
   * multiple of 16 bytes and of the manifest's m_multiple, n_multiple or
   * k_multiple of A's elements for the size they run along, or lie 2^40
   * bytes or more apart. Each copy has the operand's own orientation,
   * its rows padded: A M x kp (row-major) or K x mp (transposed), B K x np
   * or N x kp, C M x np. Every launch copies A and B into their copies and
   * C out of its copy (cuMemcpy2DAsync, rows lda, ldb and ldc apart in the
   * operands); operands that need no copy are read and written in place.
   * The kernel is passed the sizes M, N, K, so TMA zero-fills and clips at
   * them and never reads or writes a pad column (the copies need no
   * zeroing). kp, np, mp: the row lengths of the copies whose rows are K,
   * N or M long (the size rounded up), the size itself where no copy's
   * rows are; a_copy_bytes ...: each copy's size, 0 for an operand not
   * copied (all 0 unless staged). */
  int staged;
  int64_t kp, np, mp;
  int64_t a_copy_bytes, b_copy_bytes, c_copy_bytes;
  int64_t tiles;     /* tiles of C: tile rows rounded up to clusters */
  int64_t splits;    /* programs per tile: 1, or a split-K kernel's */
  int64_t grid;      /* blocks launched; 0 for a plan that needs a device
                        and was made without one */
  int64_t cluster_m; /* blocks per cluster along the grid: the kernel's
                        cluster_m, or the splits of a split-K kernel whose
                        splits meet in a cluster; above 1 the grid must
                        launch in clusters of this size */
  int64_t tiles_per_program_min, tiles_per_program_max;
  int64_t workspace_bytes; /* 0 unless the kernel takes a workspace */
  size_t param_count;
} tile_rt_plan_info;

tile_rt_code tile_rt_plan_get_info(const tile_rt_plan *plan,
                                   tile_rt_plan_info *info,
                                   tile_rt_status *status);

/* Parameter `index` of the kernel, in KernelParams.def's order. `value`:
 * the value passed for an i64 (a size, or a stride: a leading dimension or
 * 1; of the padded copies when staged); for A, B and C the static offset in
 * elements, by which the pointer passed lies before the operand; else 0. */
typedef struct tile_rt_param {
  const char *name; /* "A", "M", "stride_am", "tma_a", "workspace" */
  const char *type; /* "ptr", "i64" or "tensormap" */
  int64_t value;
} tile_rt_param;

tile_rt_code tile_rt_plan_param(const tile_rt_plan *plan, size_t index,
                                tile_rt_param *param, tile_rt_status *status);

/* Parameter `index` (0 to param_count - 1) of a kernel bundle, as the
 * manifest lists it: name and type, value 0. */
tile_rt_code tile_rt_bundle_param(const tile_rt_bundle *bundle, size_t index,
                                  tile_rt_param *param,
                                  tile_rt_status *status);

/* What the TMA descriptor of operand 0 (A), 1 (B), 2 (C) or 3 (A's tail:
 * A in the box of tma_box_a_tail) describes: a
 * row-major rows x cols matrix whose rows lie `pitch` elements (row_bytes
 * bytes) apart (its leading dimension, or its padded copy's when staged),
 * moved in boxes of box[0] (inner) x box[1] (outer) elements with the
 * swizzle of swizzle_bytes: 128 for A and B, C's box row (128, 64 or 32
 * bytes) for C; L2 fetching l2_promotion bytes around each miss (the
 * kernel's, at most 128 for A's and B's rows when their row_bytes are not
 * whole 32-byte sectors); zero filled outside it. `operand` is the problem's
 * operand it views (0 A, 1 B, 2 C). TILE_RT_UNSUPPORTED for a kernel without
 * TMA. */
typedef struct tile_rt_tma {
  int64_t operand;
  tile_rt_dtype type;
  int64_t rows, cols, pitch, row_bytes;
  int64_t box[2];
  int64_t swizzle_bytes;
  int64_t l2_promotion;
} tile_rt_tma;

tile_rt_code tile_rt_plan_tma(const tile_rt_plan *plan, int operand,
                              tile_rt_tma *tma, tile_rt_status *status);

typedef enum tile_rt_text {
  TILE_RT_TEXT_PICK = 0,     /* "rule 1, M 32 <= 64: ..."; "" for a kernel */
  TILE_RT_TEXT_STAGING = 1,  /* what is copied and why: "N=4097 and K=4103
                                are not multiples of 8; A, B and C go
                                through ...", "lda=4100 is not a multiple
                                of 8; A goes through ..."; then where a
                                c_any_alignment kernel's threads store C,
                                "C's rows (N=50257, not a multiple of 8)
                                are stored in place by the kernel's
                                threads, not TMA"; "" where neither */
  TILE_RT_TEXT_WORKSPACE = 2 /* split-K: "4 x 64 = 256 blocks (splits x
                                tiles), workspace ..." or "..., a cluster
                                of 4 per tile"; Stream-K: "workspace ...";
                                "" otherwise */
} tile_rt_text;

/* Writes one of the plan's descriptions into `buffer` (truncated to `bytes`,
 * NUL-terminated when bytes > 0) and returns its full length; 0 for null
 * arguments or an unknown `what`. */
size_t tile_rt_plan_text(const tile_rt_plan *plan, tile_rt_text what,
                         char *buffer, size_t bytes);

/*===----------------------------------------------------------------------===*
 * Launching
 *===----------------------------------------------------------------------===*/

/* Device memory of one launch, as CUdeviceptr values. The caller owns it:
 * - a, b, c: the problem's operands (element (0, 0) of each, stored as the
 *   problem's layout and leading dimensions say);
 * - workspace: plan workspace_bytes or more, all zero before the kernel's
 *   first launch; the kernel leaves it ready for its next launch, so keep
 *   one per kernel (another kernel would misread what it leaves);
 * - a_copy, b_copy, c_copy: the plan's copy sizes or more where they are
 *   not 0 (a staged plan's copies); ignored, and may be 0, elsewhere.
 * A TMA kernel needs 16-byte-aligned operands (cuMemAlloc gives 256) where
 * it reads or writes them in place; a copied one may lie anywhere. */
typedef struct tile_rt_buffers {
  uint64_t a, b, c;
  uint64_t workspace;
  uint64_t a_copy, b_copy, c_copy;
} tile_rt_buffers;

/* The kernel's arguments for cuLaunchKernel's kernelParams (cuLaunchKernelEx
 * in clusters of the plan's cluster_m when above 1): *args receives
 * param_count pointers into storage the plan owns, valid until the plan's
 * next pack or launch. Pointers A, B and C are those of the buffers (the
 * copies when staged) less their static offsets; TMA descriptors are
 * encoded for them (through libcuda) and kept while the pointers stay the
 * same, so a plan launched again on the same buffers encodes nothing. */
tile_rt_code tile_rt_plan_pack(tile_rt_plan *plan,
                               const tile_rt_buffers *buffers, void ***args,
                               tile_rt_status *status);

/* Launches the plan on `stream` (a CUstream; null is the legacy default
 * stream) in the current context: for a staged plan, A and B (those it
 * copies) are copied into their copies first and C out of its copy after,
 * all on `stream`.
 * Loads the kernel first when tile_rt_kernel_load has not. Clusters (the
 * plan's cluster_m above 1) launch through cuLaunchKernelEx. */
tile_rt_code tile_rt_launch(tile_rt_plan *plan, const tile_rt_buffers *buffers,
                            void *stream, tile_rt_status *status);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TILE_RUNTIME_H */
