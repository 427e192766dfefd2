//===- runtime-test.cpp - The runtime's C API, tested on the CPU ----------===//
//
// tile-runtime-test DIR writes manifests into DIR (which must exist) and
// checks what the C API makes of them: every refusal with its code and
// message, dispatch picking, staging, grids, workspaces, TMA boxes and the
// arguments. Nothing here needs a GPU; what needs libcuda is checked to be
// refused with one line when there is none (or no CUDA context).
//
// tile-runtime-test --print MANIFEST prints what the C API read from a
// manifest, field by field (test/Pipelines/manifest-schema.test compares it
// with what tile-opt wrote).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/ManifestSchema.h"
#include "tile_runtime.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using Json = nlohmann::ordered_json;

namespace {

std::string gDir;
int gChecks = 0, gFailures = 0;

void check(bool ok, const std::string &what, int line) {
  ++gChecks;
  if (ok)
    return;
  ++gFailures;
  std::fprintf(stderr, "runtime-test.cpp:%d: failed: %s\n", line, what.c_str());
}

#define CHECK(cond) check((cond), #cond, __LINE__)
#define CHECK_EQ(a, b)                                                         \
  check((a) == (b), std::string(#a " == " #b " (got: ") + show(a) + ")",       \
        __LINE__)

std::string show(const std::string &s) { return "'" + s + "'"; }
template <typename T> std::string show(T v) { return std::to_string(v); }

void write(const std::string &name, const std::string &text) {
  std::ofstream(gDir + "/" + name, std::ios::binary) << text;
}

void writeJson(const std::string &name, const Json &j) {
  write(name, j.dump(1));
}

struct AbiParam {
  const char *name, *type;
};
const AbiParam kAbi[] = {
#define TILE_KERNEL_PARAM(id, name, type, meaning) {name, type},
#include "tile/Conversion/KernelParams.def"
};

// The ABI's first `count` parameters.
Json params(size_t count) {
  Json p = Json::array();
  for (size_t i = 0; i < count; ++i)
    p.push_back({{"name", kAbi[i].name}, {"type", kAbi[i].type}});
  return p;
}

// PTX of no use to a GPU but with the .entry of `kernel` taking the ABI's
// first `count` parameters, as the runtime checks it.
std::string fakePtx(const std::string &kernel, size_t count) {
  std::string s = ".visible .entry " + kernel + "(\n";
  for (size_t i = 0; i < count; ++i)
    s += std::string("\t.param ") +
         (kAbi[i].type == std::string("tensormap") ? ".align 64 .b8 "
                                                   : ".u64 ") +
         kernel + "_param_" + std::to_string(i) +
         (kAbi[i].type == std::string("tensormap") ? "[128]" : "") +
         (i + 1 < count ? ",\n" : "\n");
  return s + ")\n{\n\tret;\n}\n";
}

// A dispatch manifest of one modelled rule: `bundle` at `cost`.
Json oneRule(const char *bundle, const Json &cost, const char *why) {
  return {{"kernel", "k"},
          {"dispatch", {{{"bundle", bundle}, {"cost", cost}, {"why", why}}}}};
}

// An mma.sync kernel of 128x64 tiles serving nn and nt.
Json syncManifest() {
  return {{"kernel", "k"},
          {"ptx", "k.ptx"},
          {"schedule", "tiled"},
          {"block_m", 128},
          {"block_n", 64},
          {"block_k", 32},
          {"threads_per_block", 128},
          {"dynamic_shared_memory_bytes", 0},
          {"a_type", "f16"},
          {"b_type", "f16"},
          {"c_type", "f16"},
          {"layouts", {"nn", "nt"}},
          {"params", params(12)}};
}

// A TMA + wgmma kernel of 128x128x64 tiles.
Json wgmmaManifest() {
  Json m = syncManifest();
  m["mma"] = "wgmma";
  m["block_n"] = 128;
  m["block_k"] = 64;
  m["dynamic_shared_memory_bytes"] = 98304;
  m["layouts"] = {"nn"};
  m["n_multiple"] = 8;
  m["k_multiple"] = 8;
  m["tma_box_a"] = {64, 128};
  m["tma_box_b"] = {64, 64};
  m["tma_box_c"] = {64, 64};
  m["tma_box_a_tail"] = {64, 64};
  m["tma_swizzle_bytes"] = 128;
  m["params"] = params(16);
  m["ptx"] = "k-tma.ptx";
  return m;
}

Json splitKManifest() {
  Json m = wgmmaManifest();
  m["split_k"] = 4;
  m["splits"] = "grid";
  m["workspace_tile_bytes"] = 65792;
  m["params"] = params(17);
  m["ptx"] = "k-workspace.ptx";
  return m;
}

// Split-K whose partial sums meet in a cluster: no workspace.
Json clusterSplitManifest() {
  Json m = splitKManifest();
  m["splits"] = "cluster";
  m.erase("workspace_tile_bytes");
  m["params"] = params(16);
  m["ptx"] = "k-tma.ptx";
  return m;
}

Json streamKManifest() {
  Json m = splitKManifest();
  m["schedule"] = "stream_k";
  m["split_k"] = 1;
  m.erase("splits");
  return m;
}

struct Bundle {
  tile_rt_bundle *b = nullptr;
  tile_rt_status status{};
  tile_rt_code code = TILE_RT_OK;
  explicit Bundle(const std::string &name) {
    std::string path = name[0] == '/' ? name : gDir + "/" + name;
    code = tile_rt_bundle_load(path.c_str(), &b, &status);
  }
  ~Bundle() { tile_rt_bundle_free(b); }
  tile_rt_bundle_info info() const {
    tile_rt_bundle_info i{};
    tile_rt_bundle_get_info(b, &i, nullptr);
    return i;
  }
};

// The message a manifest is refused with, without "manifest DIR/NAME: ".
std::string refusalOf(const std::string &name) {
  Bundle b(name);
  if (b.code != TILE_RT_BAD_BUNDLE || b.b)
    return "(code " + std::to_string(b.code) + ") " + b.status.message;
  std::string prefix = "manifest " + gDir + "/" + name + ": ";
  std::string m = b.status.message;
  return m.compare(0, prefix.size(), prefix) == 0 ? m.substr(prefix.size())
                                                  : "(no prefix) " + m;
}

std::string refusal(const Json &manifest) {
  writeJson("edited.json", manifest);
  return refusalOf("edited.json");
}

tile_rt_problem problem(int64_t m, int64_t n, int64_t k,
                        tile_rt_layout layout = TILE_RT_NN) {
  return {m, n, k, layout, TILE_RT_F16, TILE_RT_F16};
}

// `p` with leading dimensions.
tile_rt_problem leads(tile_rt_problem p, int64_t lda, int64_t ldb,
                      int64_t ldc) {
  p.lda = lda;
  p.ldb = ldb;
  p.ldc = ldc;
  return p;
}

// `p` where a call takes its address: one of a few kept at once.
const tile_rt_problem *at(const tile_rt_problem &p) {
  static tile_rt_problem kept[4];
  static int next = 0;
  return &(kept[next++ % 4] = p);
}

// A dense f16 nn problem, for a call that takes its address.
const tile_rt_problem *shape(int64_t m, int64_t n, int64_t k) {
  return at(problem(m, n, k));
}

struct Plan {
  tile_rt_plan *p = nullptr;
  tile_rt_status status{};
  tile_rt_code code = TILE_RT_OK;
  tile_rt_plan_info info{};
  Plan(const tile_rt_bundle *b, const tile_rt_problem &pr,
       const tile_rt_device *dev = nullptr) {
    code = tile_rt_plan_create(b, &pr, dev, &p, &status);
    if (p)
      tile_rt_plan_get_info(p, &info, nullptr);
  }
  ~Plan() { tile_rt_plan_free(p); }
  std::string text(tile_rt_text what) const {
    char buf[1024];
    tile_rt_plan_text(p, what, buf, sizeof(buf));
    return buf;
  }
  int64_t param(const char *name) const {
    for (size_t i = 0; i < info.param_count; ++i) {
      tile_rt_param par;
      tile_rt_plan_param(p, i, &par, nullptr);
      if (std::strcmp(par.name, name) == 0)
        return par.value;
    }
    return -999;
  }
};

// The message a problem is refused with by `manifest`, written as `name`.
std::string planRefusal(const Json &manifest, const std::string &name,
                        const tile_rt_problem &p) {
  writeJson(name, manifest);
  Bundle b(name);
  Plan plan(b.b, p);
  if (plan.code != TILE_RT_UNSUPPORTED)
    return "(code " + std::to_string(plan.code) + ")";
  return plan.status.message;
}

// tile_rt_plan_pack takes `buffers`: it packs, or (no GPU here) stops at
// the driver, past every check of the buffers.
void checkPacks(Plan &plan, const tile_rt_buffers &buffers) {
  void **args = nullptr;
  tile_rt_status st;
  tile_rt_code code = tile_rt_plan_pack(plan.p, &buffers, &args, &st);
  CHECK(code == TILE_RT_OK || code == TILE_RT_NO_DRIVER ||
        code == TILE_RT_CUDA_ERROR);
}

// The message tile_rt_plan_pack refuses `buffers` with, its code checked.
std::string packRefusal(Plan &plan, const tile_rt_buffers &buffers,
                        tile_rt_code code) {
  void **args = nullptr;
  tile_rt_status st;
  CHECK_EQ(tile_rt_plan_pack(plan.p, &buffers, &args, &st), code);
  return st.message;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

void testNullPointers() {
  tile_rt_status st;
  tile_rt_bundle *b = reinterpret_cast<tile_rt_bundle *>(1);
  CHECK_EQ(tile_rt_bundle_load(nullptr, &b, &st), TILE_RT_INVALID_ARGUMENT);
  CHECK(b == nullptr);
  CHECK_EQ(std::string(st.message), "tile_rt_bundle_load: path is null");
  CHECK_EQ(tile_rt_bundle_load("x.json", nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message), "tile_rt_bundle_load: out is null");
  // A null status is allowed everywhere.
  CHECK_EQ(tile_rt_bundle_load(nullptr, nullptr, nullptr),
           TILE_RT_INVALID_ARGUMENT);
  tile_rt_bundle_free(nullptr);
  tile_rt_plan_free(nullptr);
  tile_rt_bundle_info bi;
  CHECK_EQ(tile_rt_bundle_get_info(nullptr, &bi, &st),
           TILE_RT_INVALID_ARGUMENT);
  int64_t v;
  CHECK_EQ(tile_rt_bundle_static(nullptr, "M", &v), 0);
  CHECK(tile_rt_bundle_member(nullptr, 0) == nullptr);
  tile_rt_rule rule;
  CHECK_EQ(tile_rt_bundle_rule(nullptr, 0, &rule, &st),
           TILE_RT_INVALID_ARGUMENT);
  const tile_rt_bundle *k = nullptr;
  char why[8] = "x";
  CHECK_EQ(tile_rt_bundle_pick(nullptr, shape(1, 1, 1), &k, nullptr, nullptr,
                               why, sizeof(why), &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(why), "");
  tile_rt_candidate cand;
  size_t candCount = 7;
  CHECK_EQ(tile_rt_bundle_candidates(nullptr, shape(1, 1, 1), &cand, 1,
                                     &candCount, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(candCount, size_t(0));
  CHECK_EQ(std::string(st.message),
           "tile_rt_bundle_candidates: bundle is null");
  CHECK_EQ(tile_rt_kernel_load(nullptr, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  tile_rt_problem pr = problem(1, 1, 1);
  tile_rt_plan *plan = reinterpret_cast<tile_rt_plan *>(1);
  CHECK_EQ(tile_rt_plan_create(nullptr, &pr, nullptr, &plan, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK(plan == nullptr);
  CHECK_EQ(std::string(st.message), "tile_rt_plan_create: bundle is null");
  tile_rt_plan_info pi;
  CHECK_EQ(tile_rt_plan_get_info(nullptr, &pi, &st), TILE_RT_INVALID_ARGUMENT);
  tile_rt_param par;
  CHECK_EQ(tile_rt_plan_param(nullptr, 0, &par, &st), TILE_RT_INVALID_ARGUMENT);
  tile_rt_tma tma;
  CHECK_EQ(tile_rt_plan_tma(nullptr, 0, &tma, &st), TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_plan_text(nullptr, TILE_RT_TEXT_PICK, why, sizeof(why)),
           size_t(0));
  void **args = nullptr;
  tile_rt_buffers buffers{};
  CHECK_EQ(tile_rt_plan_pack(nullptr, &buffers, &args, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_launch(nullptr, &buffers, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(tile_rt_dtype_name(tile_rt_dtype(9))), "?");
  CHECK_EQ(tile_rt_dtype_bytes(tile_rt_dtype(9)), size_t(0));
  CHECK_EQ(std::string(tile_rt_layout_name(tile_rt_layout(9))), "?");
  tile_rt_layout named = TILE_RT_NN;
  for (tile_rt_layout l : {TILE_RT_NN, TILE_RT_NT, TILE_RT_TN, TILE_RT_TT}) {
    CHECK_EQ(tile_rt_layout_from_name(tile_rt_layout_name(l), &named), 1);
    CHECK_EQ(named, l);
  }
  for (const char *bad : {"", "n", "NT", "ntt", "?", "nt "})
    CHECK_EQ(tile_rt_layout_from_name(bad, &named), 0);
  CHECK_EQ(named, TILE_RT_TT);
  CHECK_EQ(tile_rt_layout_from_name(nullptr, &named), 0);
  CHECK_EQ(tile_rt_layout_from_name("nt", nullptr), 0);
  // Each operand's letter: A first, B second; C and other values never.
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_NN, 0), 0);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_NN, 1), 0);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_NT, 0), 0);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_NT, 1), 1);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TN, 0), 1);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TN, 1), 0);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TT, 0), 1);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TT, 1), 1);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TT, 2), 0);
  CHECK_EQ(tile_rt_layout_transposes(TILE_RT_TT, -1), 0);
  CHECK_EQ(tile_rt_layout_transposes(static_cast<tile_rt_layout>(7), 0), 0);
  tile_rt_orientation orientation;
  int64_t ld;
  CHECK_EQ(
      tile_rt_operand_layout(2, 2, 2, 1, TILE_RT_EITHER, nullptr, &ld, &st),
      TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message), "tile_rt_operand_layout: stored is null");
  CHECK_EQ(tile_rt_operand_layout(2, 2, 2, 1, TILE_RT_EITHER, &orientation,
                                  nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);

  // With a bundle, the other pointers.
  writeJson("sync.json", syncManifest());
  Bundle sync("sync.json");
  CHECK_EQ(tile_rt_bundle_get_info(sync.b, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_bundle_rule(sync.b, 0, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_bundle_rule(sync.b, 0, &rule, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_bundle_pick(sync.b, shape(1, 1, 1), nullptr, nullptr,
                               nullptr, nullptr, 0, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_plan_create(sync.b, nullptr, nullptr, &plan, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_plan_create(sync.b, &pr, nullptr, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  pr.layout = tile_rt_layout(7);
  CHECK_EQ(tile_rt_plan_create(sync.b, &pr, nullptr, &plan, &st),
           TILE_RT_INVALID_ARGUMENT);
  Plan good(sync.b, problem(64, 64, 64));
  CHECK_EQ(tile_rt_plan_param(good.p, 0, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_plan_param(good.p, 12, &par, &st), TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message),
           "tile_rt_plan_param: kernel 'k' has 12 parameters, not 13");
  CHECK_EQ(tile_rt_plan_pack(good.p, nullptr, &args, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_plan_pack(good.p, &buffers, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_launch(good.p, nullptr, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
}

void testFiles() {
  CHECK_EQ(refusalOf("absent.json"), "cannot read: No such file or directory");
  CHECK_EQ(refusalOf("."), "cannot read: Is a directory");
  Bundle devnull("/dev/null");
  CHECK(std::string(devnull.status.message)
            .find("not a regular file (a character device)") !=
        std::string::npos);
  write("huge.json", std::string(TILE_RT_MAX_MANIFEST_BYTES + 1, ' '));
  CHECK_EQ(refusalOf("huge.json"),
           "cannot read: 1048577 bytes, more than the 1048576 allowed");
  Json m = syncManifest();
  m["ptx"] = "absent.ptx";
  CHECK_EQ(refusal(m), "cannot read ptx '" + gDir +
                           "/absent.ptx': No such file or directory");
  write("empty.ptx", "");
  m["ptx"] = "empty.ptx";
  CHECK_EQ(refusal(m), "ptx '" + gDir + "/empty.ptx' is empty");
  // The driver reads up to the first NUL; the entry checked must be there.
  write("nul.ptx", std::string("// x\0", 6) + ".visible .entry k()");
  m["ptx"] = "nul.ptx";
  CHECK_EQ(refusal(m), "ptx '" + gDir + "/nul.ptx' contains a NUL byte");
  m["ptx"] = "/dev/zero";
  CHECK_EQ(refusal(m), "cannot read ptx '/dev/zero': not a regular file (a "
                       "character device)");
}

void testEntries() {
  // The PTX must be the kernel's: its .entry, with the manifest's
  // parameters by size.
  Json m = syncManifest();
  m["ptx"] = "entry.ptx";
  auto with = [&](const Json &manifest, const std::string &ptx) {
    write("entry.ptx", ptx);
    return refusal(manifest);
  };
  std::string ptx = "ptx '" + gDir + "/entry.ptx'";
  std::string kernel = "kernel 'k' in " + ptx;
  CHECK_EQ(with(m, "root:x:0:0:root:/root:/bin/bash\n"
                   "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"),
           ptx + " has no kernel 'k'");
  CHECK_EQ(with(m, fakePtx("other", 12)), ptx + " has no kernel 'k'");
  CHECK_EQ(with(m, fakePtx("k2", 12)), ptx + " has no kernel 'k'");
  CHECK_EQ(with(m, ".entry k(\n\t.param .u64 k_param_0\n"),
           ptx + " has no kernel 'k'");
  CHECK_EQ(with(m, fakePtx("k", 16)),
           "\"params\" lists 12 parameters but " + kernel + " takes 16");
  CHECK_EQ(with(m, fakePtx("k", 3)),
           "\"params\" lists 12 parameters but " + kernel + " takes 3");
  Json wg = wgmmaManifest();
  wg["ptx"] = "entry.ptx";
  std::string narrow = fakePtx("k", 12);
  narrow.insert(narrow.find("\n)"), ",\n\t.param .u64 t0,\n\t.param .u64 "
                                    "t1,\n\t.param .u64 t2,\n\t.param .u64 t3");
  CHECK_EQ(with(wg, narrow), "parameter 'tma_a' is tensormap (128 bytes) but "
                             "parameter 12 of " +
                                 kernel + " has 8 bytes");
  std::string untyped = fakePtx("k", 12);
  untyped.replace(untyped.find(".u64"), 4, ".align 8");
  CHECK_EQ(with(m, untyped), "cannot read parameter 0 of " + kernel);
  // Other kernels beside it, and an entry spelled with other spaces.
  CHECK_EQ(with(m, fakePtx("k_other", 2) + fakePtx("k", 12)), "(code 0) ");
  std::string spaced = fakePtx("k", 12);
  spaced.replace(spaced.find(" k("), 3, "\tk (");
  CHECK_EQ(with(m, spaced), "(code 0) ");
  // The block the entry was compiled for: its threads are the manifest's.
  auto block = [&](const std::string &directive, const std::string &name = "k",
                   size_t count = 12) {
    std::string p = fakePtx(name, count);
    return p.insert(p.find(")\n{") + 2, directive + "\n");
  };
  CHECK_EQ(with(m, block(".maxntid 128, 1, 1")), "(code 0) ");
  CHECK_EQ(with(m, block(".reqntid 64,2")), "(code 0) ");
  CHECK_EQ(with(m, block(".maxntid 256, 1, 1")),
           "field \"threads_per_block\" is 128 but " + kernel +
               " was compiled for 256 (.maxntid)");
  CHECK_EQ(with(m, block(".reqntid 512")),
           "field \"threads_per_block\" is 128 but " + kernel +
               " was compiled for 512 (.reqntid)");
  CHECK_EQ(with(m, block(".maxntid 0, 1, 1")),
           "cannot read the .maxntid of " + kernel);
  CHECK_EQ(with(m, block(".maxntid 99999999999999999999999")),
           "cannot read the .maxntid of " + kernel);
  // Another kernel's directive is not this one's.
  CHECK_EQ(with(m, block(".maxntid 64", "k2", 2) + fakePtx("k", 12)),
           "(code 0) ");
}

void testJson() {
  std::string good = syncManifest().dump();
  auto text = [](const std::string &t) {
    write("text.json", t);
    return refusalOf("text.json");
  };
  CHECK_EQ(text(""), "malformed JSON at line 1, column 1: syntax error while "
                     "parsing value - unexpected end of input; expected '[', "
                     "'{', or a literal");
  // A NUL would end nlohmann's text early; it is refused wherever it is.
  CHECK_EQ(text(good + std::string(1, '\0') + "garbage"),
           "malformed JSON at line 1, column " +
               std::to_string(good.size() + 1) + ": unexpected byte 0x00");
  CHECK_EQ(text("{\n  \"kernel\": \"k\",\n  \"kernel\": \"k\"\n}"),
           "malformed JSON at line 3, column 3: duplicate key \"kernel\"");
  // The key with escaped quotes is still found where it starts.
  CHECK_EQ(text("{\"a\\\"b\": 1, \"a\\\"b\": 2}"),
           "malformed JSON at line 1, column 13: duplicate key \"a\"b\"");
  std::string deep = std::string(200, '[') + std::string(200, ']');
  CHECK_EQ(text(deep), "top level must be an object, not an array");
  CHECK_EQ(text(std::string(201, '[') + std::string(201, ']')),
           "malformed JSON at line 1, column 201: nested more than 200 deep");
  CHECK_EQ(text("{\"kernel\": \"\\ud800\"}"),
           "malformed JSON at line 1, column 19: syntax error while parsing "
           "value - invalid string: surrogate U+D800..U+DBFF must be followed "
           "by U+DC00..U+DFFF");
  CHECK_EQ(text("{\"why\": \"\xff\"}"),
           "malformed JSON at line 1, column 10: syntax error while parsing "
           "value - invalid string: ill-formed UTF-8 byte");
  CHECK_EQ(text("[1]"), "top level must be an object, not an array");
  // A number too large for a double: where it is, and not all of it.
  CHECK_EQ(text("{\"a\": 1e999999}"),
           "malformed JSON at line 1, column 7: number overflow parsing "
           "'1e999999'");
  std::string message = text("{\"a\": 1" + std::string(2000, '0') + "e999}");
  CHECK_EQ(message.substr(0, 62),
           "malformed JSON at line 1, column 7: number overflow parsing '1");
  CHECK_EQ(message.size(), size_t(14 + 120));

  // Numbers: integers below 2^53, quoted as written when refused.
  auto number = [&](const char *field, const std::string &value) {
    std::string t = good;
    std::string key = std::string("\"") + field + "\":";
    size_t at = t.find(key) + key.size();
    size_t end = t.find_first_of(",}", at);
    return text(t.replace(at, end - at, value));
  };
  CHECK_EQ(number("block_m", "9007199254740992"),
           "field \"block_m\" is 9007199254740992, out of range (below 2^53 "
           "in magnitude)");
  CHECK_EQ(number("block_m", "1e300"),
           "field \"block_m\" is 1e300, out of range (below 2^53 in "
           "magnitude)");
  CHECK_EQ(number("dynamic_shared_memory_bytes", "-18446744073709551616"),
           "field \"dynamic_shared_memory_bytes\" is -18446744073709551616, "
           "out of range (below 2^53 in magnitude)");
  CHECK_EQ(number("block_n", "64.5"),
           "field \"block_n\" must be an integer, not 64.5");
  CHECK_EQ(number("block_n", "true"),
           "field \"block_n\" must be an integer, not a boolean");
  CHECK_EQ(number("block_n", "null"),
           "field \"block_n\" must be an integer, not null");
  CHECK_EQ(number("block_m", "1.28e2"), "(code 0) ");
}

void testFields() {
  auto without = [](const char *key) {
    Json m = syncManifest();
    m.erase(key);
    return refusal(m);
  };
  auto with = [](Json m, const char *key, Json v) {
    m[key] = v;
    return refusal(m);
  };
  Json sync = syncManifest(), wg = wgmmaManifest();
  for (const char *key :
       {"kernel", "ptx", "schedule", "block_m", "block_n", "block_k",
        "threads_per_block", "dynamic_shared_memory_bytes", "a_type", "b_type",
        "c_type", "layouts", "params"})
    CHECK_EQ(without(key),
             std::string("missing required field \"") + key + "\"");
  CHECK_EQ(with(sync, "kernel", ""), "field \"kernel\" is empty");
  CHECK_EQ(with(sync, "kernel", 7),
           "field \"kernel\" must be a string, not a number");
  CHECK_EQ(with(sync, "kernel", std::string("k\0x", 3)),
           "field \"kernel\" contains a control character (0x00)");
  CHECK_EQ(with(sync, "ptx", std::string("k.ptx\0.json", 11)),
           "field \"ptx\" contains a control character (0x00)");
  CHECK_EQ(with(sync, "chip", std::string("sm\0", 3)),
           "field \"chip\" contains a control character (0x00)");
  CHECK_EQ(with(sync, "kernel", "k\nx"),
           "field \"kernel\" contains a control character (0x0a)");
  CHECK_EQ(with(sync, "gpu_module", "m\x1b[31m"),
           "field \"gpu_module\" contains a control character (0x1b)");
  CHECK_EQ(with(sync, "block_k", 0),
           "field \"block_k\" must be at least 1, not 0");
  CHECK_EQ(with(sync, "schedule", "stream-k"),
           "field \"schedule\" is 'stream-k'; expected tiled, persistent or "
           "stream_k");
  CHECK_EQ(with(sync, "threads_per_block", 2048),
           "field \"threads_per_block\" is 2048; a block holds at most 1024");
  CHECK_EQ(with(sync, "dynamic_shared_memory_bytes", int64_t(1) << 40),
           "field \"dynamic_shared_memory_bytes\" is 1099511627776; the driver "
           "takes at most 2147483647");
  CHECK_EQ(with(sync, "a_type", "f32"),
           "field \"a_type\" is 'f32'; expected f16 or bf16");
  CHECK_EQ(with(sync, "c_type", "f64"),
           "field \"c_type\" is 'f64'; expected f32, f16 or bf16");
  CHECK_EQ(with(sync, "b_type", "bf16"),
           "a_type (f16) and b_type (bf16) differ; the runtime needs them "
           "equal");
  CHECK_EQ(with(sync, "index_bitwidth", 16),
           "field \"index_bitwidth\" must be at least 32, not 16");
  CHECK_EQ(with(sync, "index_bitwidth", 40),
           "field \"index_bitwidth\" is 40; expected 32 or 64");
  CHECK_EQ(with(sync, "l2_promotion", 100),
           "field \"l2_promotion\" is 100; expected 0, 64, 128 or 256");
  CHECK_EQ(with(sync, "l2_promotion", -64),
           "field \"l2_promotion\" must be at least 0, not -64");
  CHECK_EQ(with(sync, "cluster_m", 3),
           "field \"cluster_m\" is 3; expected 1 or 2");
  CHECK_EQ(with(sync, "mma", "mfma"),
           "field \"mma\" is 'mfma'; expected sync or wgmma");
  CHECK_EQ(with(sync, "layouts", Json::array()),
           "field \"layouts\" must be a non-empty array of strings");
  CHECK_EQ(with(sync, "layouts", {"TN"}),
           "field \"layouts\" holds 'TN'; expected nn, nt, tn or tt");
  // Informational fields are checked as the others are.
  CHECK_EQ(with(sync, "order", "diagonal"),
           "field \"order\" is 'diagonal'; expected linear, grouped or "
           "serpentine");
  CHECK_EQ(with(sync, "warp_specialize", "all"),
           "field \"warp_specialize\" is 'all'; expected none, cooperative or "
           "pingpong");
  CHECK_EQ(with(sync, "acc_type", "f16"),
           "field \"acc_type\" is 'f16'; expected f32");
  CHECK_EQ(with(sync, "chip", ""), "field \"chip\" is empty");
  CHECK_EQ(with(sync, "gpu_module", 5),
           "field \"gpu_module\" must be a string, not a number");
  CHECK_EQ(with(sync, "min_blocks_per_sm", -1),
           "field \"min_blocks_per_sm\" must be at least 0, not -1");
  CHECK_EQ(with(sync, "index_bitwidth", 128),
           "field \"index_bitwidth\" is 128; expected 32 or 64");
  CHECK_EQ(with(sync, "static_offset_c", 7.5),
           "field \"static_offset_c\" must be an integer, not 7.5");
  CHECK_EQ(with(sync, "static_m", 0),
           "field \"static_m\" must be at least 1, not 0");
  // Parameters: exactly the ABI, the first difference named.
  Json p = params(12);
  std::swap(p[3], p[4]);
  CHECK_EQ(with(sync, "params", p),
           "params[3] is 'N' (i64); an mma=sync kernel takes 'M' (i64) there");
  CHECK_EQ(with(sync, "params", params(3)),
           "\"params\" lists 3 of the 12 parameters of an mma=sync kernel; "
           "the next is 'M' (i64)");
  CHECK_EQ(with(sync, "params", params(13)),
           "params[12] is 'tma_a' (tensormap), but an mma=sync kernel takes "
           "12 parameters");
  CHECK_EQ(with(sync, "params", Json::object()),
           "field \"params\" must be an array, not an object");
  p = params(12);
  p[1] = "B";
  CHECK_EQ(with(sync, "params", p),
           "params[1] must be an object, not a string");
  p = params(12);
  p[0].erase("type");
  CHECK_EQ(with(sync, "params", p), "params[0] (A) needs a string \"type\"");
  // TMA kernels.
  CHECK_EQ(with(wg, "tma_box_a", {64, 0}),
           "field \"tma_box_a\" must be two sizes between 1 and 256");
  CHECK_EQ(with(wg, "tma_box_c", {64, 64, 1}),
           "field \"tma_box_c\" must be two sizes between 1 and 256");
  const char *swizzled =
      "TMA boxes must be swizzled rows (tma_swizzle_bytes 128, tma_box_a/b "
      "[128 bytes of elements, rows], tma_box_c [128, 64 or 32 bytes of "
      "elements, rows])";
  CHECK_EQ(with(wg, "tma_swizzle_bytes", 64), swizzled);
  // A's tail box: A's box in fewer rows that divide A's.
  CHECK_EQ(with(wg, "tma_box_a_tail", {64, 128}), "(code 0) ");
  CHECK_EQ(with(wg, "tma_box_a_tail", {64, 32}), "(code 0) ");
  const char *tail = "tma_box_a_tail must be A's box in fewer rows that "
                     "divide A's (tma_box_a [64, 128], tma_box_a_tail ";
  CHECK_EQ(with(wg, "tma_box_a_tail", {64, 48}),
           tail + std::string("[64, 48])"));
  CHECK_EQ(with(wg, "tma_box_a_tail", {32, 64}),
           tail + std::string("[32, 64])"));
  CHECK_EQ(with(wg, "tma_box_a_tail", {64, 256}),
           tail + std::string("[64, 256])"));
  Json noTail = wgmmaManifest();
  noTail.erase("tma_box_a_tail");
  CHECK_EQ(refusal(noTail), "missing required field \"tma_box_a_tail\"");
  Json noBox = wgmmaManifest();
  noBox.erase("tma_box_b");
  CHECK_EQ(refusal(noBox), "missing required field \"tma_box_b\"");
  // What only TMA kernels read is not read for others.
  CHECK_EQ(with(sync, "tma_box_a", "unread"), "(code 0) ");
  CHECK_EQ(with(wg, "tma_box_b", {32, 64}), swizzled);
  // C's box rows (f16 here) may be 64 or 32 bytes, not 48 or 256.
  CHECK_EQ(with(wg, "tma_box_c", {32, 64}), "(code 0) ");
  CHECK_EQ(with(wg, "tma_box_c", {16, 64}), "(code 0) ");
  CHECK_EQ(with(wg, "tma_box_c", {24, 64}), swizzled);
  CHECK_EQ(with(wg, "tma_box_c", {128, 64}), swizzled);
  CHECK_EQ(with(wg, "layouts", {"nn", "nt"}),
           "an mma=wgmma kernel serves exactly one layout");
  // Each box tiles its operand's block ({inner, outer} as stored).
  CHECK_EQ(with(wg, "block_n", 96),
           "tma_box_b [64, 64] does not tile the block (64 does not divide "
           "block_n 96; layout nn)");
  CHECK_EQ(with(wg, "block_k", 32),
           "tma_box_a [64, 128] does not tile the block (64 does not divide "
           "block_k 32; layout nn)");
  CHECK_EQ(with(wg, "block_m", 64),
           "tma_box_a [64, 128] does not tile the block (128 does not divide "
           "block_m 64; layout nn)");
  CHECK_EQ(with(wg, "block_m", 256), "(code 0) ");
  wg.erase("k_multiple");
  CHECK_EQ(refusal(wg), "missing required field \"k_multiple\"");
  CHECK_EQ(with(wgmmaManifest(), "params", params(12)),
           "\"params\" lists 12 of the 16 parameters of an mma=wgmma kernel; "
           "the next is 'tma_a' (tensormap)");
  // Split-K and Stream-K.
  Json sk = splitKManifest();
  CHECK_EQ(with(sk, "split_k", 129),
           "field \"split_k\" is 129; expected 1 to 128");
  CHECK_EQ(with(sk, "schedule", "persistent"),
           "field \"split_k\" is 4; split-K kernels are tiled, not "
           "persistent");
  CHECK_EQ(with(sk, "workspace_tile_bytes", 0),
           "field \"workspace_tile_bytes\" must be at least 1, not 0");
  CHECK_EQ(with(sk, "split_k", 1),
           "field \"splits\" is for split-K kernels (\"split_k\" above 1)");
  Json unsplit = sk;
  unsplit.erase("splits");
  CHECK_EQ(with(unsplit, "split_k", 1),
           "params[16] is 'workspace' (ptr), but an mma=wgmma kernel takes 16 "
           "parameters; only split-K kernels (\"split_k\" above 1) take it");
  CHECK_EQ(with(sk, "splits", "fixed"),
           "field \"splits\" is 'fixed'; expected grid, resident or cluster");
  CHECK_EQ(with(sk, "cluster_m", 2),
           "field \"split_k\" is 4; split-K kernels have cluster_m 1, not 2");
  // In a cluster: at most 8 splits (the portable cluster size), and no
  // workspace parameter.
  CHECK_EQ(with(clusterSplitManifest(), "split_k", 16),
           "field \"split_k\" is 16; \"splits\": \"cluster\" takes at most 8 "
           "(one cluster per tile)");
  CHECK_EQ(with(clusterSplitManifest(), "params", params(17)),
           "params[16] is 'workspace' (ptr), but an mma=wgmma split_k=4 "
           "\"splits\": \"cluster\" kernel takes 16 parameters; its splits "
           "meet in a cluster, not a workspace");
  Json sm = streamKManifest();
  sm.erase("workspace_tile_bytes");
  CHECK_EQ(refusal(sm), "missing required field \"workspace_tile_bytes\"");
  CHECK_EQ(with(streamKManifest(), "params", params(16)),
           "\"params\" lists 16 of the 17 parameters of an mma=wgmma stream_k "
           "kernel; the next is 'workspace' (ptr)");
}

void testInfo() {
  Json m = wgmmaManifest();
  m["chip"] = "sm_90a";
  m["group_m"] = 8;
  m["static_offset_a"] = 5;
  m["static_k"] = 64;
  m["unknown"] = {{"deep", {1, 2.5, nullptr}}};
  writeJson("info.json", m);
  Bundle b("info.json");
  CHECK_EQ(b.code, TILE_RT_OK);
  tile_rt_bundle_info i = b.info();
  CHECK_EQ(std::string(i.kernel), "k");
  CHECK_EQ(std::string(i.ptx_path), gDir + "/k-tma.ptx");
  CHECK_EQ(std::string(i.mma), "wgmma");
  CHECK_EQ(std::string(i.warp_specialize), "");
  CHECK_EQ(i.min_blocks_per_sm, -1);
  CHECK_EQ(i.tma_swizzle_bytes, 128);
  CHECK_EQ(i.l2_promotion, 256); // none stated
  CHECK_EQ(i.m_multiple, 1);
  CHECK_EQ(i.index_bitwidth, 64);
  CHECK_EQ(std::string(i.layouts), "nn");
  CHECK_EQ(std::string(i.chip), "sm_90a");
  CHECK_EQ(std::string(i.order), "");
  CHECK_EQ(i.group_m, 8);
  CHECK_EQ(i.num_warps, -1);
  CHECK_EQ(i.tma_box_a[1], 128);
  CHECK_EQ(i.tma_box_a_tail[1], 64);
  CHECK_EQ(i.param_count, size_t(16));
  CHECK(i.uses_tma && !i.uses_workspace && !i.persistent);
  int64_t v = 0;
  CHECK(tile_rt_bundle_static(b.b, "A", &v) && v == 5);
  CHECK(tile_rt_bundle_static(b.b, "K", &v) && v == 64);
  CHECK(!tile_rt_bundle_static(b.b, "M", &v));
  CHECK(!tile_rt_bundle_static(b.b, "nothing", &v));
}

void testDispatch() {
  writeJson("small.json", syncManifest());
  Json big = syncManifest();
  big["block_m"] = 256;
  writeJson("big.json", big);
  // (shared memory for one block per SM: the model counts one program)
  Json split = splitKManifest(), wide = wgmmaManifest();
  split["dynamic_shared_memory_bytes"] = wide["dynamic_shared_memory_bytes"] =
      132096;
  writeJson("split.json", split);
  writeJson("wide.json", wide);
  // A tuned class first; then the cheaper of two modelled members (SMs, ps
  // per K step, ns per tile, ns per launch, bytes per ns).
  Json d = {{"kernel", "k"},
            {"dispatch",
             {{{"bundle", "big.json"},
               {"class", "m2^12-n2^12-k2^12"},
               {"why", "tuned"}},
              {{"bundle", "wide.json"},
               {"cost", {100, 100000, 0, 0, 1000}},
               {"why", "wide"}},
              {{"bundle", "split.json"},
               {"cost", {100, 100000, 500, 2000, 1000}},
               {"why", "split"}}}}};
  writeJson("auto.json", d);
  Bundle b("auto.json");
  CHECK_EQ(b.code, TILE_RT_OK);
  tile_rt_bundle_info i = b.info();
  CHECK_EQ(i.rule_count, size_t(3));
  CHECK_EQ(i.member_count, size_t(3));
  CHECK(tile_rt_bundle_member(b.b, 3) == nullptr);
  tile_rt_rule r;
  CHECK_EQ(tile_rt_bundle_rule(b.b, 2, &r, nullptr), TILE_RT_OK);
  CHECK_EQ(std::string(r.bundle), "split.json");
  CHECK(r.member == 2 && r.cost[0] == 100 && r.cost[1] == 100000 &&
        r.cost[2] == 500 && r.cost[3] == 2000 && r.cost[4] == 1000);
  CHECK_EQ(std::string(r.shape_class), "");
  CHECK_EQ(std::string(r.why), "split");
  CHECK_EQ(r.blocks_per_sm, 1);
  CHECK_EQ(tile_rt_bundle_rule(b.b, 0, &r, nullptr), TILE_RT_OK);
  CHECK(r.member == 0 && r.cost[0] == 0);
  CHECK_EQ(std::string(r.shape_class), "m2^12-n2^12-k2^12");
  tile_rt_status ruleStatus;
  CHECK_EQ(tile_rt_bundle_rule(b.b, 3, &r, &ruleStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(ruleStatus.message),
           "tile_rt_bundle_rule: manifest " + gDir +
               "/auto.json has 3 rules, not 4");
  // The model by hand, 128 x 128 x 3200 (f16) on the rules' 100 SMs: wide
  // (128x128, K steps of 64) runs 50 steps of 100 ns, 5 us, but its one
  // program draws 1/100 of 1000 B/ns, and its 1.67 MB take 167 us; split
  // (the same tile, 4 ways) runs 13 steps and its tile, 1.8 us, and its 4
  // programs draw 4/100 for 2.2 MB with its f32 partials: 54.9 us, plus
  // 2 us per launch.
  double ns = 0;
  CHECK_EQ(tile_rt_rule_estimate(b.b, 1, shape(128, 128, 3200), &ns, nullptr),
           TILE_RT_OK);
  CHECK(std::abs(ns - 167116.8) < 1e-6);
  CHECK_EQ(tile_rt_rule_estimate(b.b, 2, shape(128, 128, 3200), &ns, nullptr),
           TILE_RT_OK);
  CHECK(std::abs(ns - (2000 + 54886.4)) < 1e-6);
  // 16 x 128 x 3200: split's partials hold the 16 rows inside M only.
  CHECK_EQ(tile_rt_rule_estimate(b.b, 2, shape(16, 128, 3200), &ns, nullptr),
           TILE_RT_OK);
  CHECK(std::abs(ns - (2000 + (2.0 * (16 * 3200 + 3200 * 128 + 16 * 128) +
                               8.0 * 16 * 128 * 4) /
                                  40)) < 1e-6);
  // 12800 x 64 x 32: wide's 100 tiles fill 100 SMs once and stream 2.46 MB;
  // split estimates least at 2 ways (of 2 to 4): 200 programs in 2 waves
  // and 26 MB of partials.
  CHECK_EQ(tile_rt_rule_estimate(b.b, 2, shape(12800, 64, 32), &ns, nullptr),
           TILE_RT_OK);
  CHECK(ns == 2000 + 2461.696 + 26214.4);
  tile_rt_status estimateStatus;
  CHECK_EQ(tile_rt_rule_estimate(b.b, 0, shape(1, 1, 1), &ns, &estimateStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(estimateStatus.message),
           "tile_rt_rule_estimate: manifest " + gDir +
               "/auto.json has no modelled rule 0");
  CHECK_EQ(tile_rt_rule_estimate(b.b, 1, shape(0, 1, 1), &ns, &estimateStatus),
           TILE_RT_INVALID_ARGUMENT);
  auto pick = [&](int64_t m, int64_t n, int64_t k) {
    const tile_rt_bundle *kernel = nullptr;
    char why[256];
    tile_rt_status st;
    if (tile_rt_bundle_pick(b.b, shape(m, n, k), &kernel, nullptr, nullptr, why,
                            sizeof(why), &st))
      return std::string(st.message);
    tile_rt_bundle_info ki;
    tile_rt_bundle_get_info(kernel, &ki, nullptr);
    return std::string(ki.path).substr(gDir.size() + 1) + ": " + why;
  };
  CHECK_EQ(pick(128, 128, 3200),
           "split.json: rule 2, model: 1 tile of 128x128 split 4 ways, 1 "
           "wave of 13 K steps, 56.9 us (next: rule 1, 167.1 us): split");
  CHECK_EQ(pick(12800, 64, 32),
           "wide.json: rule 1, model: 100 tiles of 128x128, 1 wave of 1 K "
           "step, 2.5 us (next: rule 2, 30.7 us): wide");
  CHECK_EQ(pick(3000, 3000, 4000),
           "big.json: rule 0, class m2^12-n2^12-k2^12: tuned");
  // The pick reads the operands' rows as the members do: a leading
  // dimension off whole lines costs wide's K steps their lines (its
  // bandwidth raised so that its steps decide); a staged copy's rows are
  // whole lines (K 6401 -> 6464), one K step more and no line cost.
  writeJson("lines.json",
            oneRule("wide.json", {100, 100000, 0, 0, 1000000}, "wide"));
  Bundle lined("lines.json");
  auto wideNs = [&](const tile_rt_problem &p) {
    tile_rt_candidate c;
    size_t count = 0;
    CHECK_EQ(tile_rt_bundle_candidates(lined.b, at(p), &c, 1, &count, nullptr),
             TILE_RT_OK);
    return c.ns;
  };
  tile_rt_status pickStatus;
  const tile_rt_bundle *none = nullptr;
  CHECK_EQ(tile_rt_bundle_pick(lined.b, nullptr, &none, nullptr, nullptr,
                               nullptr, 0, &pickStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(pickStatus.message),
           "tile_rt_bundle_pick: problem is null");
  tile_rt_problem badLayout = problem(1, 1, 1);
  badLayout.layout = tile_rt_layout(7);
  tile_rt_candidate badCand;
  size_t badCount = 1;
  CHECK_EQ(tile_rt_bundle_candidates(lined.b, &badLayout, &badCand, 1,
                                     &badCount, &pickStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(pickStatus.message),
           "tile_rt_bundle_candidates: the problem's layout, types or "
           "line_copies are not tile_rt_layout, tile_rt_dtype and "
           "tile_rt_line_copies values");
  tile_rt_problem badCopies = problem(1, 1, 1);
  badCopies.line_copies = tile_rt_line_copies(3);
  CHECK_EQ(tile_rt_bundle_pick(lined.b, &badCopies, &none, nullptr, nullptr,
                               nullptr, 0, &pickStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(pickStatus.message),
           "tile_rt_bundle_pick: the problem's layout, types or line_copies "
           "are not tile_rt_layout, tile_rt_dtype and tile_rt_line_copies "
           "values");
  CHECK_EQ(wideNs(problem(12800, 128, 6400)), 10000.0);
  CHECK(std::abs(wideNs(leads(problem(12800, 128, 6400), 6408, 0, 0)) -
                 100 * 428 * 1.13) < 1e-6);
  CHECK_EQ(wideNs(problem(12800, 128, 6401)), 10100.0);
  char lineWhy[256];
  CHECK_EQ(tile_rt_bundle_pick(
               lined.b, at(leads(problem(12800, 128, 6400), 6408, 0, 0)), &none,
               nullptr, nullptr, lineWhy, sizeof(lineWhy), nullptr),
           TILE_RT_OK);
  CHECK_EQ(std::string(lineWhy),
           "rule 0, model: 100 tiles of 128x128, 1 wave of 100 K steps (each "
           "taking its L2 lines: rows off whole lines), 48.4 us: wide; in "
           "place, against 205.3 us with A copied onto whole L2 lines (195.3 "
           "us)");
  // Line copies: A's rows (6408 f16 apart) copied onto whole lines where the
  // model finds the pick on them plus their time (each copy 2.5 us and 1700
  // bytes read and written per ns: 164 MB twice) at most 0.9 of the pick in
  // place: ten tile columns read each of A's lines, one does not (above),
  // and seven of rows 6416 apart (fewer lines each) come to 0.95.
  tile_rt_problem tall = leads(problem(12800, 1280, 6400), 6408, 0, 0);
  tile_rt_line_copies copiesOut = TILE_RT_LINE_COPIES_MODEL;
  CHECK_EQ(tile_rt_bundle_pick(lined.b, &tall, &none, nullptr, &copiesOut,
                               lineWhy, sizeof(lineWhy), nullptr),
           TILE_RT_OK);
  CHECK_EQ(copiesOut, TILE_RT_LINE_COPIES_ALWAYS);
  CHECK_EQ(std::string(lineWhy),
           "rule 0, model: 1000 tiles of 128x128, 10 waves of 100 K steps, "
           "100.0 us: wide; A copied onto whole L2 lines first (195.3 us): "
           "295.3 us against 483.6 us in place");
  CHECK_EQ(tile_rt_bundle_pick(
               lined.b, at(leads(problem(12800, 896, 6400), 6416, 0, 0)), &none,
               nullptr, &copiesOut, lineWhy, sizeof(lineWhy), nullptr),
           TILE_RT_OK);
  CHECK_EQ(copiesOut, TILE_RT_LINE_COPIES_NEVER);
  CHECK_EQ(std::string(lineWhy),
           "rule 0, model: 700 tiles of 128x128, 7 waves of 100 K steps (each "
           "taking its L2 lines: rows off whole lines), 278.4 us: wide; in "
           "place, against 265.3 us with A copied onto whole L2 lines (195.3 "
           "us)");
  Plan copied(lined.b, tall);
  CHECK_EQ(copied.code, TILE_RT_OK);
  CHECK(copied.info.staged);
  CHECK(copied.info.a_copy_bytes == 12800 * 6400 * 2 &&
        copied.info.b_copy_bytes == 0 && copied.info.c_copy_bytes == 0);
  CHECK_EQ(copied.param("stride_am"), 6400);
  CHECK_EQ(copied.text(TILE_RT_TEXT_STAGING),
           "rows of lda=6408 start inside 128-byte L2 lines; A goes through a "
           "padded copy (lda 6408 -> 6400), which every timed launch "
           "includes");
  // Asked for: never copied, or always (a kernel bundle too).
  tile_rt_problem never = tall,
                  always = leads(problem(12800, 128, 6400), 6408, 0, 0);
  never.line_copies = TILE_RT_LINE_COPIES_NEVER;
  always.line_copies = TILE_RT_LINE_COPIES_ALWAYS;
  CHECK_EQ(tile_rt_bundle_pick(lined.b, &never, &none, nullptr, &copiesOut,
                               lineWhy, sizeof(lineWhy), nullptr),
           TILE_RT_OK);
  CHECK(copiesOut == TILE_RT_LINE_COPIES_NEVER &&
        std::string(lineWhy).find("copied") == std::string::npos);
  CHECK_EQ(Plan(lined.b, never).info.a_copy_bytes, 0);
  CHECK_EQ(tile_rt_bundle_pick(lined.b, &always, &none, nullptr, &copiesOut,
                               lineWhy, sizeof(lineWhy), nullptr),
           TILE_RT_OK);
  CHECK_EQ(copiesOut, TILE_RT_LINE_COPIES_ALWAYS);
  CHECK_EQ(Plan(lined.b, always).info.a_copy_bytes, 12800 * 6400 * 2);
  CHECK_EQ(Plan(tile_rt_bundle_member(lined.b, 0), always).info.a_copy_bytes,
           12800 * 6400 * 2);
  CHECK_EQ(Plan(tile_rt_bundle_member(lined.b, 0), tall).info.a_copy_bytes, 0);
  CHECK_EQ(pick(int64_t(1) << 62, 1, 1),
           "shape 4611686018427387904x1x1 has a size outside 1 to 2147483647");
  // A plan of a dispatch manifest runs the member its rules pick.
  Plan plan(b.b, problem(12800, 64, 32));
  CHECK_EQ(plan.code, TILE_RT_OK);
  CHECK_EQ(plan.info.rule, 1);
  CHECK(plan.info.kernel == tile_rt_bundle_member(b.b, 1));
  CHECK_EQ(plan.text(TILE_RT_TEXT_PICK),
           "rule 1, model: 100 tiles of 128x128, 1 wave of 1 K step, 2.5 us "
           "(next: rule 2, 30.7 us): wide");
  CHECK_EQ(plan.info.splits, 1);
  // 1024 x 512 x 3200: the model tries split's 32 tiles 2 and 4 ways, and
  // 3 at its cost factor (1.25): 3 ways, one wave of the 100 SMs, are
  // estimated 26.4 us, below 4 ways' two waves (29.7) but not by the
  // factor (the bytes bound both). The pick says 4 and a plan of it runs 4.
  CHECK_EQ(pick(1024, 512, 3200),
           "split.json: rule 2, model: 32 tiles of 128x128 split 4 ways, 2 "
           "waves of 13 K steps, 29.7 us (next: rule 1, 34.0 us): split");
  const tile_rt_bundle *picked = nullptr;
  int64_t splits = -1;
  CHECK_EQ(tile_rt_bundle_pick(b.b, shape(1024, 512, 3200), &picked, &splits,
                               nullptr, nullptr, 0, nullptr),
           TILE_RT_OK);
  CHECK_EQ(splits, 4);
  Plan four(b.b, problem(1024, 512, 3200));
  CHECK_EQ(four.info.splits, 4);
  CHECK_EQ(four.info.grid, 128);
  // A problem's own splits override the model's, any of 1 to split_k.
  tile_rt_problem three = problem(1024, 512, 3200);
  three.splits = 3;
  CHECK_EQ(Plan(b.b, three).info.grid, 96);
  // Candidates: the pick first, then the other modelled rules by estimate,
  // each with its splits, and the split rule once more at 3 splits, which
  // it estimates below its 4 without the factor (one wave of 96
  // programs); a tuned class's pick alone.
  tile_rt_candidate cands[4];
  size_t ncands = 9;
  CHECK_EQ(tile_rt_bundle_candidates(b.b, shape(1024, 512, 3200), cands, 4,
                                     &ncands, nullptr),
           TILE_RT_OK);
  CHECK_EQ(ncands, size_t(3));
  CHECK(cands[0].kernel == picked && cands[0].rule == 2 &&
        cands[0].splits == 4 && std::abs(cands[0].ns - 29700) < 100);
  CHECK(cands[1].kernel == picked && cands[1].rule == 2 &&
        cands[1].splits == 3 && std::abs(cands[1].ns - 26400) < 100);
  CHECK(cands[2].kernel == tile_rt_bundle_member(b.b, 1) &&
        cands[2].rule == 1 && cands[2].splits == 0 &&
        std::abs(cands[2].ns - 34000) < 100);
  {
    // Compute-bound (the split rule alone, bytes nearly free): at K = 12800
    // 3 splits (one wave of 67 steps: 9.2 us, 11.5 with the factor) beat
    // 2 (one wave of 100: 12.5) and 4 (two waves of 50: 13.0). The pick
    // takes 3; autotune's candidates add the best power of two.
    const Json fastCost = {100, 100000, 500, 2000, 1e6};
    writeJson("auto3.json", oneRule("split.json", fastCost, "split"));
    Bundle b3("auto3.json");
    CHECK_EQ(b3.code, TILE_RT_OK);
    char why[256];
    CHECK_EQ(tile_rt_bundle_pick(b3.b, shape(1024, 512, 12800), &picked,
                                 &splits, nullptr, why, sizeof(why), nullptr),
             TILE_RT_OK);
    CHECK_EQ(splits, 3);
    CHECK_EQ(std::string(why),
             "rule 0, model: 32 tiles of 128x128 split 3 ways, 1 wave of 67 "
             "K steps, 11.5 us: split");
    tile_rt_candidate three[4];
    CHECK_EQ(tile_rt_bundle_candidates(b3.b, shape(1024, 512, 12800), three, 4,
                                       &ncands, nullptr),
             TILE_RT_OK);
    CHECK(ncands == 2 && three[0].splits == 3 &&
          std::abs(three[0].ns - 11500) < 1 && three[1].rule == 0 &&
          three[1].splits == 2 && std::abs(three[1].ns - 12500) < 1);
    // The same member transposed (swap_ab): its rule weighs 3 splits at 1.1.
    Json swapped = split;
    swapped["swap_ab"] = 1;
    writeJson("split-swap.json", swapped);
    writeJson("auto3s.json", oneRule("split-swap.json", fastCost, "split"));
    Bundle b3s("auto3s.json");
    CHECK_EQ(b3s.code, TILE_RT_OK);
    CHECK_EQ(tile_rt_bundle_pick(b3s.b, shape(1024, 512, 12800), &picked,
                                 &splits, nullptr, why, sizeof(why), nullptr),
             TILE_RT_OK);
    CHECK_EQ(std::string(why),
             "rule 0, model: 32 tiles of 128x128 split 3 ways, 1 wave of 67 "
             "K steps, 10.1 us: split");
  }
  CHECK_EQ(tile_rt_bundle_candidates(b.b, shape(1024, 512, 3200), cands, 1,
                                     &ncands, nullptr),
           TILE_RT_OK);
  CHECK(ncands == 1 && cands[0].rule == 2);
  CHECK_EQ(tile_rt_bundle_candidates(b.b, shape(3000, 3000, 4000), cands, 4,
                                     &ncands, nullptr),
           TILE_RT_OK);
  CHECK(ncands == 1 && cands[0].rule == 0 && cands[0].ns == 0 &&
        cands[0].kernel == tile_rt_bundle_member(b.b, 0));
  tile_rt_status candStatus;
  CHECK_EQ(tile_rt_bundle_candidates(b.b, shape(1, 1, 1), cands, 0, &ncands,
                                     &candStatus),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(candStatus.message),
           "tile_rt_bundle_candidates: capacity must be at least 1");
  CHECK_EQ(tile_rt_bundle_candidates(b.b, shape(0, 1, 1), cands, 4, &ncands,
                                     &candStatus),
           TILE_RT_UNSUPPORTED);
  CHECK(ncands == 0);
  Bundle lone("wide.json");
  CHECK_EQ(tile_rt_bundle_candidates(lone.b, shape(1, 1, 1), cands, 4, &ncands,
                                     nullptr),
           TILE_RT_OK);
  CHECK(ncands == 1 && cands[0].kernel == lone.b && cands[0].rule == -1 &&
        cands[0].splits == 0);
  CHECK_EQ(tile_rt_bundle_pick(b.b, shape(3000, 3000, 4000), &picked, &splits,
                               nullptr, nullptr, 0, nullptr),
           TILE_RT_OK);
  CHECK_EQ(splits, 0);
  // Sizes at 2^31 - 1: tiles times split-K pass 2^63 in integers, not in
  // the model's doubles.
  int64_t top = (int64_t(1) << 31) - 1;
  CHECK_EQ(tile_rt_rule_estimate(b.b, 2, shape(top, top, top), &ns, nullptr),
           TILE_RT_OK);
  CHECK(ns > 1e12 && std::isfinite(ns));
  CHECK(pick(top, top, 1).find(" waves of ") != std::string::npos);
  // The same formula for any tile and coefficients (a calibration fit's
  // door): split's tile and cost give split's estimate.
  tile_rt_model_tile splitTile{128, 128, 64, 4, 2, 2, 2};
  double splitCost[5] = {100, 100000, 500, 2000, 1000};
  double direct = 0;
  CHECK_EQ(tile_rt_model_estimate(&splitTile, splitCost, 128, 128, 3200, 0, 0,
                                  &direct, nullptr, nullptr),
           TILE_RT_OK);
  CHECK(std::abs(direct - (2000 + 54886.4)) < 1e-6);
  // As a rule picks: the least of 2 and 4 splits and 3 at its cost
  // factor, and which (the rule's estimate and splits above).
  int64_t least = 0;
  CHECK_EQ(tile_rt_model_estimate(&splitTile, splitCost, 12800, 64, 32, 0, 0,
                                  &direct, &least, nullptr),
           TILE_RT_OK);
  CHECK(direct == 2000 + 2461.696 + 26214.4 && least == 2);
  CHECK_EQ(tile_rt_model_estimate(&splitTile, splitCost, 1024, 512, 3200, 0, 0,
                                  &direct, &least, nullptr),
           TILE_RT_OK);
  CHECK(least == 4);
  // Above 8 splits (through the workspace, resident): any count whose
  // programs fit the SMs at once, the estimate falling with each, so the
  // most that fit: 9 tiles on 100 SMs take 11; 1024 tiles none (one).
  tile_rt_model_tile deepTile{128, 128, 64, 32, 2, 2, 2};
  double deepCost[5] = {100, 100000, 500, 2000, 1e6};
  CHECK_EQ(tile_rt_model_estimate(&deepTile, deepCost, 384, 384, 32768, 0, 0,
                                  &direct, &least, nullptr),
           TILE_RT_OK);
  CHECK_EQ(least, 11);
  CHECK_EQ(tile_rt_model_estimate(&deepTile, deepCost, 4096, 4096, 4096, 0, 0,
                                  &direct, &least, nullptr),
           TILE_RT_OK);
  CHECK_EQ(least, 1);
  // Rows off whole 128-byte lines: a K step takes at least its SM's line
  // requests, 1.13 ns each, a row that straddles two lines costing both
  // (and 5/4 of that where it starts inside a sector: five sectors).
  // 128x128 tiles of f16 read 128 rows of A and 128 of B per step; 100
  // tiles of 100 steps of 100 ns: 10 us on whole lines.
  tile_rt_model_tile lineTile{128, 128, 64, 1, 2, 2, 2};
  double lineCost[5] = {100, 100000, 0, 0, 1e9};
  auto lines = [&](int64_t aPitch, int64_t bPitch, double *cost) {
    double out = 0;
    CHECK_EQ(tile_rt_model_estimate(&lineTile, cost, 12800, 128, 6400, aPitch,
                                    bPitch, &out, nullptr, nullptr),
             TILE_RT_OK);
    return out;
  };
  CHECK_EQ(lines(0, 0, lineCost), 10000.0);
  CHECK_EQ(lines(8192, -256, lineCost), 10000.0);
  // A pitch 16 bytes past a line (off a sector): 7 in 8 of A's rows
  // straddle two, at 5/4, 428 lines a step; 32 past, 3 in 4, 352; 64 past,
  // half, 320.
  CHECK(std::abs(lines(8208, 0, lineCost) - 100 * 428 * 1.13) < 1e-6);
  CHECK(std::abs(lines(8224, 0, lineCost) - 100 * 352 * 1.13) < 1e-6);
  CHECK(std::abs(lines(0, 8256, lineCost) - 100 * 320 * 1.13) < 1e-6);
  // Tiles on half the SMs share L2 with none: half the line time (50
  // tiles, 428 lines a step at half of 1.13 ns, above the step's 100 ns).
  double half = 0;
  CHECK_EQ(tile_rt_model_estimate(&lineTile, lineCost, 6400, 128, 6400, 8208, 0,
                                  &half, nullptr, nullptr),
           TILE_RT_OK);
  CHECK(std::abs(half - 100 * 428 * 1.13 / 2) < 1e-6);
  // A member whose own step is longer than its lines keeps it.
  double slowCost[5] = {100, 1e6, 0, 0, 1e9};
  CHECK_EQ(lines(8208, 8208, slowCost), 100000.0);
  // Splits in a cluster count waves in the blocks resident in clusters of
  // their size: 32 tiles of 4 splits are 2 waves on 100 SMs as on 100
  // slots, 3 on the 60 that clusters of 4 would hold (compute-bound: a
  // high bandwidth).
  double fastCost[5] = {100, 100000, 500, 2000, 1e6};
  tile_rt_model_tile clustered = splitTile;
  std::fill(std::begin(clustered.cluster_slots),
            std::end(clustered.cluster_slots), 100);
  double plain = 0, inCluster = 0;
  CHECK_EQ(tile_rt_model_estimate(&splitTile, fastCost, 1024, 512, 3200, 0, 0,
                                  &plain, nullptr, nullptr),
           TILE_RT_OK);
  CHECK_EQ(tile_rt_model_estimate(&clustered, fastCost, 1024, 512, 3200, 0, 0,
                                  &inCluster, nullptr, nullptr),
           TILE_RT_OK);
  CHECK(plain == inCluster);
  clustered.cluster_slots[3] = 60;
  CHECK_EQ(tile_rt_model_estimate(&clustered, fastCost, 1024, 512, 3200, 0, 0,
                                  &inCluster, nullptr, nullptr),
           TILE_RT_OK);
  CHECK(inCluster > plain);
  // The pick's splits and estimate at 1024 x 512 x 3200, in least and
  // inCluster.
  auto pickAt = [&](const tile_rt_model_tile &t) {
    CHECK_EQ(tile_rt_model_estimate(&t, fastCost, 1024, 512, 3200, 0, 0,
                                    &inCluster, &least, nullptr),
             TILE_RT_OK);
  };
  // So the pick takes 2 splits where clusters of 2 hold 110 (64 programs,
  // one wave; clusters of 3 holding 60 too, 96 programs take two).
  clustered.cluster_slots[1] = 110;
  clustered.cluster_slots[2] = 60;
  pickAt(clustered);
  CHECK(least == 2);
  // Where clusters of 3 hold all 96 programs, 3 splits take one wave of 17
  // steps (2000 + 2200 ns) against 2's 25 (2000 + 3000): 1.25 x 4200 =
  // 5250 is above 5000, so 2 stays; against 4 alone (two waves: 5600), 3.
  clustered.cluster_slots[2] = 100;
  pickAt(clustered);
  CHECK(least == 2 && inCluster == 5000);
  // A transposed (swap_ab) tile's 3 splits weigh 1.1: 4620, below 5000.
  tile_rt_model_tile swapped = clustered;
  swapped.swap_ab = 1;
  pickAt(swapped);
  CHECK(least == 3 && std::abs(inCluster - 4620) < 1e-6);
  tile_rt_model_tile noTwo = clustered;
  noTwo.cluster_slots[1] = 1;
  pickAt(noTwo);
  CHECK(least == 3 && inCluster == 5250);
  // Two programs per SM outside clusters: 200 tiles take one wave of 100
  // steps on 100 SMs, not two (compute-bound).
  tile_rt_model_tile two = splitTile;
  two.split_k = 1;
  double twoCost[5] = {100, 100000, 0, 0, 1e6}, oneWave = 0, twoWaves = 0;
  CHECK_EQ(tile_rt_model_estimate(&two, twoCost, 25600, 128, 6400, 0, 0,
                                  &twoWaves, nullptr, nullptr),
           TILE_RT_OK);
  two.blocks_per_sm = 2;
  CHECK_EQ(tile_rt_model_estimate(&two, twoCost, 25600, 128, 6400, 0, 0,
                                  &oneWave, nullptr, nullptr),
           TILE_RT_OK);
  CHECK(twoWaves == 20000 && oneWave == 10000);
  // Hybrid Stream-K: 250 tiles on 100 SMs are one data-parallel wave (50 K
  // steps) and 150 shared tiles, 75 steps per program in two pieces, where
  // a data-parallel schedule takes three waves; tiles that fill whole waves
  // are data-parallel.
  tile_rt_model_tile skTile{128, 128, 64, 1, 2, 2, 2, 1};
  tile_rt_model_tile dpTile = skTile;
  dpTile.stream_k = 0;
  double skCost[5] = {100, 100000, 500, 2000, 100000};
  auto estimate = [&](const tile_rt_model_tile &t, int64_t m) {
    double out = -1;
    CHECK_EQ(tile_rt_model_estimate(&t, skCost, m, 1280, 3200, 0, 0, &out,
                                    nullptr, nullptr),
             TILE_RT_OK);
    return out;
  };
  CHECK(estimate(skTile, 3200) == 2000 + 5500 + 7500 + 1000 &&
        estimate(dpTile, 3200) == 2000 + 3 * 5500);
  CHECK(estimate(skTile, 1280) == estimate(dpTile, 1280));
  // Two programs per SM: the 250 tiles on 200 programs are all shared,
  // 62.5 steps per program.
  tile_rt_model_tile skTwo = skTile;
  skTwo.blocks_per_sm = 2;
  CHECK(estimate(skTwo, 3200) == 2000 + 6250 + 1000);
  auto modelRefusal = [&](tile_rt_model_tile t, double c0, double c2,
                          int64_t m) {
    double c[5] = {c0, 100000, c2, 2000, 1000}, out = -1;
    tile_rt_status st;
    CHECK_EQ(tile_rt_model_estimate(&t, c, m, 1, 1, 0, 0, &out, nullptr, &st),
             TILE_RT_INVALID_ARGUMENT);
    CHECK(out == -1);
    return std::string(st.message);
  };
  tile_rt_model_tile noSplit = splitTile;
  noSplit.split_k = 0;
  CHECK_EQ(modelRefusal(noSplit, 100, 0, 1),
           "tile_rt_model_estimate: the tile's sizes, split and element bytes "
           "must be 1 to 65536");
  tile_rt_model_tile huge = splitTile;
  huge.block_m = INT64_MAX; // ceil(M / block_m) would overflow
  CHECK_EQ(modelRefusal(huge, 100, 0, 1),
           "tile_rt_model_estimate: the tile's sizes, split and element bytes "
           "must be 1 to 65536");
  tile_rt_model_tile badSchedule = skTile;
  badSchedule.stream_k = 2;
  CHECK_EQ(modelRefusal(badSchedule, 100, 0, 1),
           "tile_rt_model_estimate: the tile's stream_k must be 0 or 1");
  tile_rt_model_tile badSwap = splitTile;
  badSwap.swap_ab = -1;
  CHECK_EQ(modelRefusal(badSwap, 100, 0, 1),
           "tile_rt_model_estimate: the tile's swap_ab must be 0 or 1");
  tile_rt_model_tile someSlots = splitTile;
  someSlots.cluster_slots[0] = 100; // the rest 0
  CHECK_EQ(modelRefusal(someSlots, 100, 0, 1),
           "tile_rt_model_estimate: the tile's cluster_slots must be all 0 or "
           "all 1 to 1024");
  std::fill(std::begin(someSlots.cluster_slots),
            std::end(someSlots.cluster_slots), 1025);
  CHECK_EQ(modelRefusal(someSlots, 100, 0, 1),
           "tile_rt_model_estimate: the tile's cluster_slots must be all 0 or "
           "all 1 to 1024");
  tile_rt_model_tile crowded = splitTile;
  crowded.blocks_per_sm = 33;
  CHECK_EQ(modelRefusal(crowded, 100, 0, 1),
           "tile_rt_model_estimate: the tile's blocks_per_sm must be 0 to 32");
  crowded.blocks_per_sm = -1;
  CHECK_EQ(modelRefusal(crowded, 100, 0, 1),
           "tile_rt_model_estimate: the tile's blocks_per_sm must be 0 to 32");
  // A rule's member counts the blocks its shared memory and registers leave
  // room for on an SM (228 KB, 1 KB reserved per block; 65536 registers, at
  // most 255 a thread): wide's 132096 B once, 98304 B twice, 64 threads
  // without shared memory four times, so that 400 tiles take 4, 2 and 1
  // waves; 384 threads without shared memory once, twice when compiled for
  // two blocks per SM; 48 threads as two whole warps, four times.
  Json narrow = wgmmaManifest(), crowd = wgmmaManifest(), wideBlock = crowd;
  crowd["dynamic_shared_memory_bytes"] =
      wideBlock["dynamic_shared_memory_bytes"] = 0;
  Json ragged = crowd, capped = crowd;
  crowd["threads_per_block"] = 64;
  wideBlock["threads_per_block"] = capped["threads_per_block"] = 384;
  capped["min_blocks_per_sm"] = 2;
  ragged["threads_per_block"] = 48;
  writeJson("narrow.json", narrow);
  writeJson("crowd.json", crowd);
  writeJson("threads.json", wideBlock);
  writeJson("capped.json", capped);
  writeJson("ragged.json", ragged);
  Json residentRules = Json::array();
  for (const char *name :
       {"wide", "narrow", "crowd", "threads", "capped", "ragged"})
    residentRules.push_back({{"bundle", std::string(name) + ".json"},
                             {"cost", {100, 100000, 0, 0, 1000000}},
                             {"why", name}});
  writeJson("resident.json",
            Json{{"kernel", "k"}, {"dispatch", residentRules}});
  Bundle resident("resident.json");
  CHECK_EQ(resident.code, TILE_RT_OK);
  int64_t perSm[6] = {0, 0, 0, 0, 0, 0};
  for (size_t i = 0; i < 6; ++i) {
    CHECK_EQ(tile_rt_bundle_rule(resident.b, i, &r, nullptr), TILE_RT_OK);
    perSm[i] = r.blocks_per_sm;
  }
  CHECK(perSm[0] == 1 && perSm[1] == 2 && perSm[2] == 4 && perSm[3] == 1 &&
        perSm[4] == 2 && perSm[5] == 4);
  char residentWhy[256];
  CHECK_EQ(tile_rt_bundle_pick(resident.b, shape(51200, 128, 6400), &picked,
                               nullptr, nullptr, residentWhy,
                               sizeof residentWhy, nullptr),
           TILE_RT_OK);
  CHECK_EQ(std::string(residentWhy),
           "rule 2, model: 400 tiles of 128x128, 1 wave of 100 K steps, 10.0 "
           "us (next: rule 5, 10.0 us): crowd");
  CHECK_EQ(modelRefusal(splitTile, 0, 0, 1),
           "tile_rt_model_estimate: cost[0] must be finite and at least 0 "
           "(above 0 for the SMs, the step time and the bytes per ns)");
  CHECK_EQ(modelRefusal(splitTile, 1e300, 0, 1),
           "tile_rt_model_estimate: cost[0] (the SMs) must be at most 1024");
  CHECK_EQ(modelRefusal(splitTile, 100, -1, 1),
           "tile_rt_model_estimate: cost[2] must be finite and at least 0 "
           "(above 0 for the SMs, the step time and the bytes per ns)");
  CHECK_EQ(modelRefusal(splitTile, 100, std::nan(""), 1),
           "tile_rt_model_estimate: cost[2] must be finite and at least 0 "
           "(above 0 for the SMs, the step time and the bytes per ns)");
  CHECK(modelRefusal(splitTile, 100, 0, 0).find("outside 1 to 2147483647") !=
        std::string::npos);
  // Without a modelled rule, a shape no class matches has no member; the
  // message names its class and the rule whose class is nearest (power-of-
  // two steps apart, one more for unaligned against aligned).
  writeJson("classes.json",
            Json{{"kernel", "k"},
                 {"dispatch",
                  {{{"bundle", "big.json"},
                    {"class", "m2^12-n2^12-k2^12"},
                    {"why", "tuned"}},
                   {{"bundle", "small.json"},
                    {"class", "m2^4-n2^4-k2^4"},
                    {"why", "tuned small"}}}}});
  Bundle classes("classes.json");
  CHECK_EQ(classes.code, TILE_RT_OK);
  auto unserved = [&](int64_t m, int64_t n, int64_t k) {
    const tile_rt_bundle *none = nullptr;
    tile_rt_status st;
    CHECK_EQ(tile_rt_bundle_pick(classes.b, shape(m, n, k), &none, nullptr,
                                 nullptr, nullptr, 0, &st),
             TILE_RT_UNSUPPORTED);
    CHECK(none == nullptr);
    return std::string(st.message);
  };
  CHECK_EQ(unserved(1, 8, 8),
           "manifest " + gDir +
               "/classes.json: no dispatch rule matches shape 1x8x8 (class "
               "m2^0-n2^3-k2^3; the nearest rule is 1, for class "
               "m2^4-n2^4-k2^4 (small.json))");
  CHECK_EQ(unserved(2048, 4096, 4095),
           "manifest " + gDir +
               "/classes.json: no dispatch rule matches shape 2048x4096x4095 "
               "(class m2^11-n2^12-k2^12-unaligned; the nearest rule is 0, for "
               "class m2^12-n2^12-k2^12 (big.json))");
  tile_rt_status st;
  CHECK_EQ(tile_rt_kernel_load(b.b, nullptr, &st), TILE_RT_INVALID_ARGUMENT);

  // Refusals.
  auto rules = [](Json r) {
    return refusal(Json{{"kernel", "k"}, {"dispatch", r}});
  };
  CHECK_EQ(rules(Json::array()),
           "field \"dispatch\" must be a non-empty array of rules");
  CHECK_EQ(rules({{{"bundle", "../x.json"}, {"why", "w"}}}),
           "dispatch[0]: \"bundle\" must name a manifest in the same "
           "directory, not '../x.json'");
  CHECK_EQ(rules({{{"bundle", "small.json"}}}),
           "dispatch[0]: missing required field \"why\"");
  CHECK_EQ(rules({{{"bundle", "small.json"}, {"why", "w"}, {"class", ""}}}),
           "dispatch[0]: field \"class\" is empty");
  CHECK_EQ(
      rules({{{"bundle", "small.json"}, {"why", "w"}, {"cost", {1, 2, 3}}}}),
      "dispatch[0]: field \"cost\" must be 5 sizes between 0 and "
      "1000000000");
  CHECK_EQ(rules({{{"bundle", "small.json"},
                   {"why", "w"},
                   {"cost", {0, 1, 1, 1, 1}}}}),
           "dispatch[0]: \"cost\" needs positive SMs, step time and bytes "
           "per ns (its first, second and fifth numbers)");
  CHECK_EQ(rules({{{"bundle", "small.json"},
                   {"why", "w"},
                   {"class", "m2^1-n2^1-k2^1"},
                   {"cost", {1, 1, 1, 1, 1}}}}),
           "dispatch[0]: a rule has a \"class\" or a \"cost\", not both");
  CHECK_EQ(
      rules({{{"bundle", std::string("small.json\0x", 12)}, {"why", "w"}}}),
      "dispatch[0]: field \"bundle\" contains a control character (0x00)");
  CHECK_EQ(rules({{{"bundle", "small.json"}, {"why", "one\ntwo"}}}),
           "dispatch[0]: field \"why\" contains a control character (0x0a)");
  CHECK_EQ(rules({{{"bundle", "auto.json"}, {"why", "w"}}}),
           "dispatch[0]: bundle 'auto.json' is itself a dispatch manifest");
  Json wrongTypes = syncManifest();
  wrongTypes["c_type"] = "f32";
  writeJson("f32.json", wrongTypes);
  CHECK_EQ(rules({{{"bundle", "small.json"}, {"why", "w"}},
                  {{"bundle", "f32.json"}, {"why", "w"}}}),
           "dispatch[1]: bundle 'f32.json' has other types than the first "
           "rule's");
  // Many rules naming one member load it once; counts have limits.
  Json many = Json::array();
  for (int r = 0; r < 4096; ++r)
    many.push_back({{"bundle", "small.json"}, {"why", "w"}});
  writeJson("many.json", Json{{"kernel", "k"}, {"dispatch", many}});
  Bundle manyRules("many.json");
  CHECK_EQ(manyRules.code, TILE_RT_OK);
  CHECK_EQ(manyRules.info().member_count, size_t(1));
  many.push_back({{"bundle", "small.json"}, {"why", "w"}});
  CHECK_EQ(rules(many),
           "field \"dispatch\" has 4097 rules; at most 4096 are allowed");
  Json members = Json::array();
  for (int r = 0; r < 65; ++r) {
    writeJson("m" + std::to_string(r) + ".json", syncManifest());
    members.push_back(
        {{"bundle", "m" + std::to_string(r) + ".json"}, {"why", "w"}});
  }
  CHECK_EQ(rules(members),
           "dispatch[64]: bundle 'm64.json': more than 64 distinct members");
}

void testProblems() {
  Json m = syncManifest();
  m["index_bitwidth"] = 32;
  m["static_n"] = 64;
  m["static_stride_bn"] = 1;
  std::string path = gDir + "/checks.json";
  auto refused = [&](tile_rt_problem p) {
    return planRefusal(m, "checks.json", p);
  };
  CHECK_EQ(refused(problem(0, 64, 8)),
           "shape 0x64x8 has a size outside 1 to 2147483647");
  CHECK_EQ(refused(problem(1, 64, int64_t(1) << 31)),
           "shape 1x64x2147483648 has a size outside 1 to 2147483647");
  tile_rt_problem bf = problem(8, 64, 8);
  bf.a_type = TILE_RT_BF16;
  CHECK_EQ(refused(bf), "bundle " + path +
                            " computes f16 -> f16, not bf16 -> "
                            "f16");
  CHECK_EQ(refused(problem(8, 64, 8, TILE_RT_TT)),
           "bundle " + path + " cannot serve layout tt (it serves: nn, nt)");
  CHECK_EQ(refused(problem(8, 65, 8)),
           "bundle " + path + " was compiled for N=64; the shape asks for 65");
  // nt stores B as N x K: stride_bn is K.
  CHECK_EQ(refused(problem(8, 64, 8, TILE_RT_NT)),
           "bundle " + path +
               " was compiled for stride_bn=1; dense operands give 8 for "
               "8x64x8 nt");
  CHECK_EQ(refused(problem(65536, 64, 32769)),
           "bundle " + path +
               " indexes with 32-bit offsets; shape 65536x64x32769 needs more "
               "(recompile with index-bitwidth=64)");
  Json tiny = syncManifest();
  tiny["block_m"] = 1;
  tiny["block_n"] = 1;
  CHECK_EQ(planRefusal(tiny, "tiny.json", problem(65536, 32768, 1)),
           "manifest " + gDir +
               "/tiny.json: shape 65536x32768 needs 2147483648 tiles of 1x1, "
               "more than one grid can hold");
  Json k8 = syncManifest();
  k8["k_multiple"] = 8;
  CHECK_EQ(planRefusal(k8, "k8.json", problem(128, 128, 100)),
           "bundle " + gDir +
               "/k8.json needs K to be a multiple of 8 (\"k_multiple\"); the "
               "shape asks for 100");
  // A static offset beyond what the index width reaches.
  Json off = syncManifest();
  off["static_offset_a"] = int64_t(1) << 52;
  off["index_bitwidth"] = 32;
  CHECK_EQ(planRefusal(off, "off.json", problem(8, 8, 8)),
           "bundle " + gDir +
               "/off.json indexes with 32-bit offsets; shape 8x8x8 needs more "
               "(recompile with index-bitwidth=64)");
}

void testStaging() {
  writeJson("wg.json", wgmmaManifest());
  Bundle b("wg.json");
  Plan aligned(b.b, problem(128, 128, 128));
  CHECK(!aligned.info.staged);
  CHECK_EQ(aligned.info.kp, 128);
  CHECK_EQ(aligned.text(TILE_RT_TEXT_STAGING), "");
  Plan both(b.b, problem(4095, 4097, 4103));
  CHECK(both.info.staged);
  CHECK_EQ(both.info.kp, 4160);
  CHECK_EQ(both.info.np, 4160);
  CHECK_EQ(both.info.a_copy_bytes, 4095 * 4160 * 2);
  CHECK_EQ(both.info.b_copy_bytes, 4103 * 4160 * 2);
  CHECK_EQ(both.info.c_copy_bytes, 4095 * 4160 * 2);
  CHECK_EQ(both.text(TILE_RT_TEXT_STAGING),
           "N=4097 and K=4103 are not multiples of 8; A, B and C go through "
           "padded copies (K 4103 -> 4160, N 4097 -> 4160), which "
           "every timed launch includes");
  // The kernel is passed the copies' strides and the real sizes.
  CHECK_EQ(both.param("stride_am"), 4160);
  CHECK_EQ(both.param("stride_bk"), 4160);
  CHECK_EQ(both.param("stride_cm"), 4160);
  CHECK_EQ(both.param("K"), 4103);
  tile_rt_tma a, c;
  CHECK_EQ(tile_rt_plan_tma(both.p, 0, &a, nullptr), TILE_RT_OK);
  CHECK_EQ(tile_rt_plan_tma(both.p, 2, &c, nullptr), TILE_RT_OK);
  CHECK(a.rows == 4095 && a.cols == 4103 && a.pitch == 4160 &&
        a.row_bytes == 8320 && a.box[0] == 64 && a.box[1] == 128 &&
        a.swizzle_bytes == 128 && a.type == TILE_RT_F16);
  CHECK(c.rows == 4095 && c.cols == 4097 && c.pitch == 4160 && c.box[1] == 64);
  CHECK_EQ(c.swizzle_bytes, 128);
  // The copies' rows are whole sectors: their maps keep the kernel's
  // promotion (rows off a sector take less; below).
  CHECK(a.l2_promotion == 256 && c.l2_promotion == 256);
  // Rows of whole sectors keep the kernel's promotion: 4104 f16 (K) off a
  // sector, 4112 on one.
  for (auto [k, want] : {std::pair{4104, 128}, std::pair{4112, 256}}) {
    Plan p(b.b, problem(256, 256, k));
    tile_rt_tma ta, tb;
    CHECK_EQ(tile_rt_plan_tma(p.p, 0, &ta, nullptr), TILE_RT_OK);
    CHECK_EQ(tile_rt_plan_tma(p.p, 1, &tb, nullptr), TILE_RT_OK);
    CHECK_EQ(ta.l2_promotion, want);
    CHECK_EQ(tb.l2_promotion, 256); // B's rows: N = 256, 512 bytes
  }
  // Every map of a kernel takes its L2 promotion, or less.
  Json promoted = wgmmaManifest();
  promoted["l2_promotion"] = 128;
  writeJson("promoted.json", promoted);
  Bundle pb("promoted.json");
  CHECK_EQ(pb.info().l2_promotion, 128);
  Plan pp(pb.b, problem(4095, 4097, 4103));
  for (int map = 0; map < 4; ++map) {
    tile_rt_tma t;
    CHECK_EQ(tile_rt_plan_tma(pp.p, map, &t, nullptr), TILE_RT_OK);
    CHECK_EQ(t.l2_promotion, 128);
  }
  // C's map is swizzled by its box row (32 f16, 64 bytes); A's and B's
  // stay 128-byte rows.
  Json narrow = wgmmaManifest();
  narrow["block_n"] = 192;
  narrow["tma_box_c"] = {32, 64};
  writeJson("narrow.json", narrow);
  Bundle nb("narrow.json");
  Plan np(nb.b, problem(128, 192, 128));
  tile_rt_tma nB, nC;
  CHECK_EQ(tile_rt_plan_tma(np.p, 1, &nB, nullptr), TILE_RT_OK);
  CHECK_EQ(tile_rt_plan_tma(np.p, 2, &nC, nullptr), TILE_RT_OK);
  CHECK_EQ(nB.swizzle_bytes, 128);
  CHECK(nC.box[0] == 32 && nC.box[1] == 64 && nC.swizzle_bytes == 64);
  // A's tail map: A in its 64-row box.
  tile_rt_tma tail;
  CHECK_EQ(tile_rt_plan_tma(both.p, 3, &tail, nullptr), TILE_RT_OK);
  CHECK(a.operand == 0 && c.operand == 2 && nB.operand == 1 &&
        tail.operand == 0);
  CHECK(tail.rows == a.rows && tail.cols == a.cols && tail.pitch == a.pitch &&
        tail.box[0] == 64 && tail.box[1] == 64 && tail.swizzle_bytes == 128 &&
        tail.type == TILE_RT_F16);
  tile_rt_status st;
  CHECK_EQ(tile_rt_plan_tma(both.p, 4, &a, &st), TILE_RT_INVALID_ARGUMENT);
  // A pinned row stride other than the padded one: not staged, refused by
  // the multiple.
  Json pinned = wgmmaManifest();
  pinned["static_stride_am"] = 4103;
  CHECK_EQ(planRefusal(pinned, "pinned.json", problem(4095, 4096, 4103)),
           "bundle " + gDir +
               "/pinned.json needs K to be a multiple of 8 (\"k_multiple\"); "
               "the shape asks for 4103");
  // mma.sync kernels are never staged.
  writeJson("sync.json", syncManifest());
  Bundle s("sync.json");
  Plan sync(s.b, problem(100, 100, 100));
  CHECK(!sync.info.staged);
  CHECK_EQ(tile_rt_plan_tma(sync.p, 0, &a, &st), TILE_RT_UNSUPPORTED);
  // Only the operands whose rows are unaligned are copied: N = 100 is B's
  // and C's row length, K = 100 A's.
  Plan n100(b.b, problem(128, 100, 128));
  CHECK(n100.info.staged);
  CHECK(n100.info.kp == 128 && n100.info.np == 128 && n100.info.mp == 128);
  CHECK_EQ(n100.info.a_copy_bytes, 0);
  CHECK_EQ(n100.info.b_copy_bytes, 128 * 128 * 2);
  CHECK_EQ(n100.info.c_copy_bytes, 128 * 128 * 2);
  CHECK_EQ(n100.param("stride_am"), 128);
  CHECK_EQ(n100.param("stride_bk"), 128);
  CHECK_EQ(n100.param("stride_cm"), 128);
  CHECK_EQ(n100.text(TILE_RT_TEXT_STAGING),
           "N=100 is not a multiple of 8; B and C go through padded "
           "copies (N 100 -> 128), which every timed launch includes");
  Plan k100(b.b, problem(128, 128, 100));
  CHECK(k100.info.kp == 128 && k100.info.np == 128);
  CHECK(k100.info.a_copy_bytes == 128 * 128 * 2 &&
        k100.info.b_copy_bytes == 0 && k100.info.c_copy_bytes == 0);
  CHECK_EQ(k100.text(TILE_RT_TEXT_STAGING),
           "K=100 is not a multiple of 8; A goes through a padded "
           "copy (K 100 -> 128), which every timed launch includes");
  // A view whose leading dimension is aligned is read in place, whatever
  // its size (TMA clips at K).
  Plan view(b.b, leads(problem(128, 128, 100), 104, 0, 0));
  CHECK_EQ(view.code, TILE_RT_OK);
  CHECK(!view.info.staged);
  CHECK_EQ(view.info.kp, 100);
  CHECK_EQ(view.param("stride_am"), 104);
}

// A TMA kernel of `layout` (each with its multiples, as tile-opt states
// them: 8 f16 elements for every size that is an operand's row length).
Json layoutManifest(const char *layout) {
  Json m = wgmmaManifest();
  m["layouts"] = {layout};
  bool aT = layout[0] == 't', bT = layout[1] == 't';
  m["k_multiple"] = !aT || bT ? 8 : 1;
  if (aT)
    m["m_multiple"] = 8;
  if (aT)
    m["tma_box_a"] = {64, 64};
  return m;
}

struct Tma {
  int64_t rows, cols, pitch;
};

Tma tmaOf(const Plan &p, int operand) {
  tile_rt_tma t{};
  tile_rt_plan_tma(p.p, operand, &t, nullptr);
  return {t.rows, t.cols, t.pitch};
}

bool operator==(const Tma &a, const Tma &b) {
  return a.rows == b.rows && a.cols == b.cols && a.pitch == b.pitch;
}
std::string show(const Tma &t) {
  return std::to_string(t.rows) + "x" + std::to_string(t.cols) + " pitch " +
         std::to_string(t.pitch);
}

void testStagingLayouts() {
  // nt: A M x K and B N x K both have rows K long, C N long. A, B and C are
  // copied in their own orientation; the kernel gets the real sizes and
  // the copies' strides.
  writeJson("nt.json", layoutManifest("nt"));
  Bundle nt("nt.json");
  Plan p(nt.b, problem(100, 4100, 4099, TILE_RT_NT));
  CHECK_EQ(p.code, TILE_RT_OK);
  CHECK(p.info.staged);
  CHECK(p.info.kp == 4160 && p.info.np == 4160 && p.info.mp == 100);
  CHECK_EQ(p.info.a_copy_bytes, 100 * 4160 * 2);
  CHECK_EQ(p.info.b_copy_bytes, 4100 * 4160 * 2);
  CHECK_EQ(p.info.c_copy_bytes, 100 * 4160 * 2);
  CHECK_EQ(p.param("K"), 4099);
  CHECK_EQ(p.param("stride_am"), 4160);
  CHECK_EQ(p.param("stride_ak"), 1);
  CHECK_EQ(p.param("stride_bk"), 1);
  CHECK_EQ(p.param("stride_bn"), 4160);
  CHECK_EQ(p.param("stride_cm"), 4160);
  CHECK_EQ(tmaOf(p, 0), (Tma{100, 4099, 4160}));
  CHECK_EQ(tmaOf(p, 1), (Tma{4100, 4099, 4160}));
  CHECK_EQ(tmaOf(p, 2), (Tma{100, 4100, 4160}));
  CHECK_EQ(p.text(TILE_RT_TEXT_STAGING),
           "N=4100 and K=4099 are not multiples of 8; A, B and C go through "
           "padded copies (K 4099 -> 4160, N 4100 -> 4160), which "
           "every timed launch includes");
  // f32 C: 4100 elements are 16400 bytes, C is written in place.
  Json nt32 = layoutManifest("nt");
  nt32["c_type"] = "f32";
  nt32["tma_box_c"] = {32, 64};
  writeJson("nt32.json", nt32);
  Bundle n32("nt32.json");
  tile_rt_problem f32 = problem(100, 4100, 4099, TILE_RT_NT);
  f32.c_type = TILE_RT_F32;
  Plan q(n32.b, f32);
  CHECK(q.info.staged && q.info.np == 4100 && q.info.c_copy_bytes == 0);
  CHECK_EQ(tmaOf(q, 2), (Tma{100, 4100, 4100}));
  CHECK_EQ(q.text(TILE_RT_TEXT_STAGING),
           "K=4099 is not a multiple of 8; A and B go through padded "
           "copies (K 4099 -> 4160), which every timed launch includes");
  // ... and N = 4097 copies C too, its rows padded to 8 f32 elements (32
  // bytes; in nt N is C's row length alone).
  f32.n = 4097;
  Plan q2(n32.b, f32);
  CHECK(q2.info.np == 4128 && q2.info.c_copy_bytes == 100 * 4128 * 4);
  CHECK_EQ(q2.text(TILE_RT_TEXT_STAGING),
           "N=4097 is not a multiple of 4 and K=4099 is not a multiple of 8; "
           "A, B and C go through padded copies (K 4099 -> 4160, N "
           "4097 -> 4128), which every timed launch includes");

  // tn: A stored K x M (rows M long), B K x N: an odd M copies A alone, as
  // K x mp; K is no operand's row length (k_multiple 1).
  writeJson("tn.json", layoutManifest("tn"));
  Bundle tn("tn.json");
  Plan t(tn.b, problem(7, 3000, 1001, TILE_RT_TN));
  CHECK_EQ(t.code, TILE_RT_OK);
  CHECK(t.info.staged);
  CHECK(t.info.mp == 16 && t.info.np == 3000 && t.info.kp == 1001);
  CHECK_EQ(t.info.a_copy_bytes, 1001 * 16 * 2);
  CHECK(t.info.b_copy_bytes == 0 && t.info.c_copy_bytes == 0);
  CHECK_EQ(t.param("stride_am"), 1);
  CHECK_EQ(t.param("stride_ak"), 16);
  CHECK_EQ(t.param("stride_bk"), 3000);
  CHECK_EQ(t.param("stride_cm"), 3000);
  CHECK_EQ(tmaOf(t, 0), (Tma{1001, 7, 16}));
  CHECK_EQ(tmaOf(t, 1), (Tma{1001, 3000, 3000}));
  CHECK_EQ(t.text(TILE_RT_TEXT_STAGING),
           "M=7 is not a multiple of 8; A goes through a padded copy "
           "(M 7 -> 16), which every timed launch includes");
  Plan t2(tn.b, problem(7, 3001, 1001, TILE_RT_TN));
  CHECK(t2.info.a_copy_bytes && t2.info.b_copy_bytes == 1001 * 3008 * 2 &&
        t2.info.c_copy_bytes == 7 * 3008 * 2);
  CHECK_EQ(t2.text(TILE_RT_TEXT_STAGING),
           "M=7 and N=3001 are not multiples of 8; A, B and C go through "
           "padded copies (M 7 -> 16, N 3001 -> 3008), which every "
           "timed launch includes");

  // tt: views; only B's leading dimension is unaligned.
  writeJson("tt.json", layoutManifest("tt"));
  Bundle tt("tt.json");
  Plan v(tt.b, leads(problem(100, 4104, 4099, TILE_RT_TT), 104, 4101, 4112));
  CHECK_EQ(v.code, TILE_RT_OK);
  CHECK(v.info.staged);
  CHECK(v.info.a_copy_bytes == 0 && v.info.c_copy_bytes == 0);
  CHECK_EQ(v.info.b_copy_bytes, 4104 * 4160 * 2);
  CHECK_EQ(v.param("stride_ak"), 104);
  CHECK_EQ(v.param("stride_bn"), 4160);
  CHECK_EQ(v.param("stride_cm"), 4112);
  CHECK_EQ(tmaOf(v, 0), (Tma{4099, 100, 104}));
  CHECK_EQ(tmaOf(v, 1), (Tma{4104, 4099, 4160}));
  CHECK_EQ(v.text(TILE_RT_TEXT_STAGING),
           "ldb=4101 is not a multiple of 8; B goes through a padded "
           "copy (ldb 4101 -> 4160), which every timed launch includes");
  // Sizes and leading dimensions together: A dense with M = 100, C a view.
  Plan w(tt.b, leads(problem(100, 4100, 4096, TILE_RT_TT), 0, 0, 4102));
  CHECK_EQ(w.text(TILE_RT_TEXT_STAGING),
           "M=100 and ldc=4102 are not multiples of 8; A and C go through "
           "padded copies (M 100 -> 128, ldc 4102 -> 4160), which "
           "every timed launch includes");
  // Aligned views of unaligned sizes: A and B read in place; C too only
  // where its rows end on 16 bytes, as TMA stores write whole 16-byte
  // chunks (N = 4100 f16 would write 4 elements past each row of the view).
  Plan x(tt.b, leads(problem(100, 4100, 4099, TILE_RT_TT), 104, 4104, 4104));
  CHECK(x.code == TILE_RT_OK && x.info.staged);
  CHECK(x.info.a_copy_bytes == 0 && x.info.b_copy_bytes == 0);
  CHECK_EQ(x.info.c_copy_bytes, 100 * 4160 * 2);
  CHECK_EQ(x.param("stride_cm"), 4160);
  CHECK_EQ(x.text(TILE_RT_TEXT_STAGING),
           "N=4100 is not a multiple of 8; C goes through a padded "
           "copy (N 4100 -> 4160), which every timed launch includes");
  Plan x2(tt.b, leads(problem(100, 4104, 4099, TILE_RT_TT), 104, 4104, 4112));
  CHECK(x2.code == TILE_RT_OK && !x2.info.staged);

  // Packing: the copies the plan makes are needed, the others ignored; TMA
  // needs the buffers it reads in place, and the copies, aligned.
  tile_rt_buffers ops{0x10000, 0x20002, 0x30000, 0, 0, 0, 0};
  CHECK_EQ(packRefusal(v, ops, TILE_RT_INVALID_ARGUMENT),
           "kernel 'k' (" + gDir +
               "/tt.json) runs this shape staged and needs the padded copy "
               "of B");
  ops.b_copy = 0x40008;
  CHECK_EQ(packRefusal(v, ops, TILE_RT_UNSUPPORTED),
           "kernel 'k' (" + gDir +
               "/tt.json): the data pointer 0x40008 of B's padded copy is not "
               "16-byte aligned, which TMA needs");
  ops.b_copy = 0x40000;
  ops.c = 0x30004;
  CHECK_EQ(packRefusal(v, ops, TILE_RT_UNSUPPORTED),
           "kernel 'k' (" + gDir +
               "/tt.json): C's data pointer 0x30004 is not 16-byte aligned, "
               "which TMA needs (a view into another tensor? use .clone())");
  ops.c = 0x30000;
  checkPacks(v, ops);

  // A pinned stride other than the copy's: not staged, refused by the
  // size's multiple (dense) or the leading dimension (a view).
  Json pinned = layoutManifest("nt");
  pinned["static_stride_bn"] = 4099;
  CHECK_EQ(planRefusal(pinned, "ntpin.json", problem(100, 4096, 4099,
                                                      TILE_RT_NT)),
           "bundle " + gDir +
               "/ntpin.json needs K to be a multiple of 8 (\"k_multiple\"); "
               "the shape asks for 4099");
  pinned["static_stride_bn"] = 4100;
  CHECK_EQ(planRefusal(pinned, "ntpin.json",
                       leads(problem(100, 4096, 4096, TILE_RT_NT), 0, 4100,
                             0)),
           "bundle " + gDir +
               "/ntpin.json: ldb=4100 elements is not a multiple of 8 (16 "
               "bytes), which TMA needs");
  Json k16 = wgmmaManifest();
  k16["k_multiple"] = 16;
  k16["static_stride_am"] = 136;
  CHECK_EQ(planRefusal(k16, "k16pin.json",
                       leads(problem(64, 128, 128), 136, 0, 0)),
           "bundle " + gDir +
               "/k16pin.json: lda=136 elements is not a multiple of 16 (32 "
               "bytes), which TMA and \"k_multiple\" 16 need");
  // A size that is no operand's row length keeps its multiple (M in nt).
  Json m3 = layoutManifest("nt");
  m3["m_multiple"] = 3;
  CHECK_EQ(planRefusal(m3, "ntm3.json", problem(100, 4096, 4096, TILE_RT_NT)),
           "bundle " + gDir +
               "/ntm3.json needs M to be a multiple of 3 (\"m_multiple\"); "
               "the shape asks for 100");
}

void testGrids() {
  writeJson("sync.json", syncManifest());
  Bundle tiled("sync.json");
  Plan t(tiled.b, problem(1000, 1000, 64));
  CHECK_EQ(t.info.tiles, 8 * 16);
  CHECK_EQ(t.info.grid, 8 * 16);
  CHECK_EQ(t.info.workspace_bytes, 0);

  Json persistent = syncManifest();
  persistent["schedule"] = "persistent";
  writeJson("persistent.json", persistent);
  Bundle p("persistent.json");
  Plan noDevice(p.b, problem(1000, 1000, 64));
  CHECK_EQ(noDevice.code, TILE_RT_OK);
  CHECK_EQ(noDevice.info.grid, 0);
  tile_rt_buffers buffers{1024, 2048, 4096, 0, 0, 0, 0};
  tile_rt_status st;
  CHECK_EQ(tile_rt_launch(noDevice.p, &buffers, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
  tile_rt_device dev{132, 1, 0};
  Plan few(p.b, problem(1000, 1000, 64), &dev);
  CHECK_EQ(few.info.grid, 128);
  CHECK_EQ(few.info.tiles_per_program_max, 1);
  Plan many(p.b, problem(4096, 4096, 64), &dev);
  CHECK_EQ(many.info.tiles, 32 * 64);
  CHECK_EQ(many.info.grid, 132);
  CHECK_EQ(many.info.tiles_per_program_min, 15);
  CHECK_EQ(many.info.tiles_per_program_max, 16);
  tile_rt_device none{0, 1, 0};
  Plan bad(p.b, problem(64, 64, 64), &none);
  CHECK_EQ(bad.code, TILE_RT_UNSUPPORTED);

  // Clusters: tile rows rounded up to whole clusters; a persistent grid in
  // whole clusters, no more than are resident.
  Json cluster = wgmmaManifest();
  cluster["schedule"] = "persistent";
  cluster["cluster_m"] = 2;
  writeJson("cluster.json", cluster);
  Bundle c("cluster.json");
  tile_rt_device clusters{132, 1, 60};
  Plan cl(c.b, problem(1000, 1024, 64), &clusters);
  CHECK_EQ(cl.info.tiles, 8 * 8);
  CHECK_EQ(cl.info.grid, 64);
  Plan clMany(c.b, problem(8192, 8192, 64), &clusters);
  CHECK_EQ(clMany.info.grid, 120);
  tile_rt_device noClusters{132, 1, 0};
  Plan clNone(c.b, problem(8192, 8192, 64), &noClusters);
  CHECK_EQ(clNone.code, TILE_RT_UNSUPPORTED);

  // Split-K: split_k programs per tile unless the problem says fewer; the
  // workspace per tile (split_k slots) either way.
  writeJson("sk.json", splitKManifest());
  Bundle sk("sk.json");
  Plan s(sk.b, problem(1000, 1000, 4096));
  CHECK_EQ(s.info.tiles, 64);
  CHECK_EQ(s.info.splits, 4);
  CHECK_EQ(s.info.grid, 256);
  CHECK_EQ(s.info.workspace_bytes, 64 * 65792);
  CHECK_EQ(s.text(TILE_RT_TEXT_WORKSPACE),
           "4 x 64 = 256 blocks (splits x tiles), workspace 64 x 65792 = "
           "4210688 B (tiles x workspace_tile_bytes)");
  tile_rt_problem three = problem(1000, 1000, 4096);
  three.splits = 3;
  Plan s3(sk.b, three);
  CHECK_EQ(s3.info.splits, 3);
  CHECK_EQ(s3.info.grid, 192);
  CHECK_EQ(s3.info.workspace_bytes, 64 * 65792);
  CHECK_EQ(s3.text(TILE_RT_TEXT_WORKSPACE),
           "3 x 64 = 192 blocks (splits x tiles), workspace 64 x 65792 = "
           "4210688 B (tiles x workspace_tile_bytes)");
  for (int64_t bad : {int64_t(-1), int64_t(5)}) {
    tile_rt_problem over = problem(1000, 1000, 4096);
    over.splits = bad;
    Plan o(sk.b, over);
    CHECK_EQ(o.code, TILE_RT_UNSUPPORTED);
    CHECK_EQ(std::string(o.status.message), "bundle " + gDir +
                            "/sk.json runs 1 to 4 programs per tile (its "
                            "split_k), not splits = " +
                            std::to_string(bad));
  }
  // In a cluster: the same grid, a cluster of S blocks per tile, no
  // workspace.
  writeJson("skc.json", clusterSplitManifest());
  Bundle skc("skc.json");
  CHECK_EQ(skc.code, TILE_RT_OK);
  CHECK_EQ(skc.info().uses_workspace, 0);
  Plan c3(skc.b, three);
  CHECK_EQ(c3.info.grid, 192);
  CHECK_EQ(c3.info.workspace_bytes, 0);
  CHECK_EQ(c3.info.cluster_m, 3); // what a caller launching it needs
  CHECK_EQ(s3.info.cluster_m, 1);
  CHECK_EQ(c3.text(TILE_RT_TEXT_WORKSPACE),
           "3 x 64 = 192 blocks (splits x tiles), a cluster of 3 per tile");
  // Resident splits wait for one another: every program of the launch fits
  // at once (132 here) or the plan is refused; by default as many splits as
  // fit, up to split_k; without a device, a plan the launch refuses.
  Json resident = splitKManifest();
  resident["splits"] = "resident";
  writeJson("skr.json", resident);
  Bundle skr("skr.json");
  CHECK_EQ(skr.code, TILE_RT_OK);
  tile_rt_device h200{132, 1, 0};
  Plan r9(skr.b, problem(384, 384, 4096), &h200); // 9 tiles
  CHECK_EQ(r9.info.splits, 4);
  CHECK_EQ(r9.info.grid, 36);
  Plan r64(skr.b, problem(1000, 1000, 4096), &h200); // 64 tiles
  CHECK_EQ(r64.code, TILE_RT_OK);
  CHECK_EQ(r64.info.splits, 2);
  Plan r64x3(skr.b, three, &h200);
  CHECK_EQ(r64x3.code, TILE_RT_UNSUPPORTED);
  CHECK_EQ(std::string(r64x3.status.message),
           "kernel 'k' (" + gDir +
               "/skr.json): its 3 programs per tile wait for one another, "
               "so all 192 must be resident at once, more than the "
               "device's 132 (SMs x programs per SM); ask for at most 2 "
               "splits");
  Plan r4k(skr.b, problem(4096, 4096, 4096), &h200); // 1024 tiles
  CHECK_EQ(r4k.info.splits, 1);
  CHECK_EQ(r4k.info.grid, 1024);
  // A device that holds nothing sizes no resident launch; one split needs
  // no device.
  tile_rt_device empty{132, 0, 0};
  Plan rEmpty(skr.b, three, &empty);
  CHECK_EQ(rEmpty.code, TILE_RT_UNSUPPORTED);
  CHECK_EQ(std::string(rEmpty.status.message),
           "kernel 'k' (" + gDir +
               "/skr.json): a resident split-K grid needs at least one SM "
               "and one program per SM, not 132 x 0");
  tile_rt_problem one = problem(4096, 4096, 4096);
  one.splits = 1;
  Plan rOne(skr.b, one);
  CHECK_EQ(rOne.info.grid, 1024);
  tile_rt_device small{64, 1, 0};
  Plan rSmall(skr.b, three, &small);
  CHECK(std::string(rSmall.status.message).find("ask for at most 1 split") !=
        std::string::npos);
  Plan rNone(skr.b, three);
  CHECK_EQ(rNone.code, TILE_RT_OK);
  CHECK_EQ(rNone.info.splits, 3);
  CHECK_EQ(rNone.info.grid, 0);
  {
    tile_rt_buffers buffers{1024, 2048, 4096, 8192, 0, 0, 0};
    tile_rt_status st;
    CHECK_EQ(tile_rt_launch(rNone.p, &buffers, nullptr, &st),
             TILE_RT_INVALID_ARGUMENT);
    CHECK_EQ(std::string(st.message),
             "kernel 'k' (" + gDir +
                 "/skr.json) waits for all of a tile's splits at once; its "
                 "plan needs a device to bound them");
  }
  // A kernel without split-K runs one program per tile.
  tile_rt_problem two = problem(1000, 1000, 4096);
  two.splits = 2;
  CHECK_EQ(Plan(tiled.b, two).code, TILE_RT_UNSUPPORTED);
  two.splits = 1;
  CHECK_EQ(Plan(tiled.b, two).info.splits, 1);
  // Stream-K: a persistent grid and the workspace.
  writeJson("stk.json", streamKManifest());
  Bundle stk("stk.json");
  Plan k(stk.b, problem(1000, 1000, 4096), &dev);
  CHECK_EQ(k.info.grid, 64);
  CHECK_EQ(k.info.workspace_bytes, 64 * 65792);
  CHECK_EQ(k.text(TILE_RT_TEXT_WORKSPACE),
           "workspace 64 x 65792 = 4210688 B (tiles x workspace_tile_bytes)");
  CHECK_EQ(t.text(TILE_RT_TEXT_WORKSPACE), "");
  // Grid and workspace limits.
  Json huge = splitKManifest();
  huge["workspace_tile_bytes"] = int64_t(1) << 50;
  CHECK_EQ(planRefusal(huge, "huge.json", problem(1048576, 128, 8)),
           "manifest " + gDir +
               "/huge.json: shape 1048576x128 needs 8192 tiles of "
               "1125899906842624 workspace bytes, more than 2^63 bytes");
}

void testArguments() {
  Json m = syncManifest();
  m["static_offset_a"] = 8;
  m["static_offset_c"] = 7;
  writeJson("args.json", m);
  Bundle b("args.json");
  Plan p(b.b, problem(100, 60, 30, TILE_RT_NT));
  CHECK_EQ(p.info.param_count, size_t(12));
  const char *names[] = {"A",         "B",         "C",         "M",
                         "N",         "K",         "stride_am", "stride_ak",
                         "stride_bk", "stride_bn", "stride_cm", "stride_cn"};
  int64_t values[] = {8, 0, 7, 100, 60, 30, 30, 1, 1, 30, 60, 1};
  for (size_t i = 0; i < 12; ++i) {
    tile_rt_param par;
    CHECK_EQ(tile_rt_plan_param(p.p, i, &par, nullptr), TILE_RT_OK);
    CHECK_EQ(std::string(par.name), names[i]);
    CHECK_EQ(par.value, values[i]);
  }
  // Packed: pointers less their static offsets, then the i64s, 8 bytes
  // each, in the ABI's order.
  tile_rt_buffers buffers{0x10000, 0x20000, 0x30000, 0, 0, 0, 0};
  void **args = nullptr;
  tile_rt_status st;
  CHECK_EQ(tile_rt_plan_pack(p.p, &buffers, &args, &st), TILE_RT_OK);
  uint64_t slot[12];
  for (size_t i = 0; i < 12; ++i)
    std::memcpy(&slot[i], args[i], 8);
  CHECK_EQ(slot[0], uint64_t(0x10000 - 8 * 2));
  CHECK_EQ(slot[1], uint64_t(0x20000));
  CHECK_EQ(slot[2], uint64_t(0x30000 - 7 * 2));
  CHECK_EQ(slot[3], uint64_t(100));
  CHECK_EQ(slot[9], uint64_t(30));
  buffers.b = 0;
  CHECK_EQ(tile_rt_plan_pack(p.p, &buffers, &args, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message),
           "kernel 'k' (" + gDir +
               "/args.json): the buffers of A, B and C must not be null");

  // A split-K kernel needs its workspace; a staged one its copies; a TMA
  // kernel aligned operands, then libcuda to encode its descriptors.
  writeJson("sk.json", splitKManifest());
  Bundle sk("sk.json");
  Plan s(sk.b, problem(128, 128, 64));
  tile_rt_buffers ops{0x10000, 0x20000, 0x30000, 0, 0, 0, 0};
  CHECK_EQ(packRefusal(s, ops, TILE_RT_INVALID_ARGUMENT),
           "kernel 'k' (" + gDir + "/sk.json) needs a workspace of 65792 B");
  Plan staged(sk.b, problem(128, 128, 60));
  ops.workspace = 0x40000;
  packRefusal(staged, ops, TILE_RT_INVALID_ARGUMENT);
  ops.a = 0x10008;
  CHECK_EQ(packRefusal(s, ops, TILE_RT_UNSUPPORTED),
           "kernel 'k' (" + gDir +
               "/sk.json): A's data pointer 0x10008 is not 16-byte aligned, "
               "which TMA needs (a view into another tensor? use .clone())");
  // With libcuda but before cuInit, the driver's own refusal.
  ops.a = 0x10000;
  tile_rt_code code = tile_rt_plan_pack(s.p, &ops, &args, &st);
  std::string message = st.message;
  if (code == TILE_RT_NO_DRIVER)
    CHECK(message.find(": cannot encode its TMA descriptors: cannot load "
                       "libcuda.so.1") != std::string::npos);
  if (code == TILE_RT_CUDA_ERROR)
    CHECK(message.find("kernel 'k': cuTensorMapEncodeTiled (128x64 operand, "
                       "box 128x64) failed: ") == 0);
  CHECK(code == TILE_RT_OK || code == TILE_RT_NO_DRIVER ||
        code == TILE_RT_CUDA_ERROR);
}

void testOperandLayouts() {
  struct Case {
    int64_t rows, cols, s0, s1;
    tile_rt_orientation want;
    const char *expect; // "n LD", "t LD" or the refusal
  };
  const Case cases[] = {
      {64, 32, 32, 1, TILE_RT_EITHER, "n 32"},
      {64, 32, 40, 1, TILE_RT_EITHER, "n 40"}, // x[:, :32] of a 64x40 x
      {64, 32, 1, 64, TILE_RT_EITHER, "t 64"}, // w.t() of a 32x64 w
      {64, 32, 1, 72, TILE_RT_EITHER, "t 72"}, // w[:32].t() of a 40x72 w
      {64, 32, 40, 1, TILE_RT_ROW_MAJOR, "n 40"},
      {64, 32, 1, 72, TILE_RT_TRANSPOSED, "t 72"},
      {64, 32, 1, 64, TILE_RT_ROW_MAJOR,
       "a 64x32 view with strides (1, 64) is not row-major (strides (>= 32, "
       "1))"},
      {64, 32, 32, 1, TILE_RT_TRANSPOSED,
       "a 64x32 view with strides (32, 1) is not transposed (strides (1, >= "
       "64))"},
      {64, 32, 64, 2, TILE_RT_EITHER,
       "a 64x32 view with strides (64, 2) is neither row-major (strides (>= "
       "32, 1)) nor transposed (strides (1, >= 64))"},
      // Overlapping rows (or columns), broadcasts, negative strides.
      {64, 32, 16, 1, TILE_RT_EITHER,
       "a 64x32 view with strides (16, 1) is neither row-major (strides (>= "
       "32, 1)) nor transposed (strides (1, >= 64))"},
      {64, 32, 0, 1, TILE_RT_ROW_MAJOR,
       "a 64x32 view with strides (0, 1) is not row-major (strides (>= 32, "
       "1))"},
      {64, 32, -32, 1, TILE_RT_ROW_MAJOR,
       "a 64x32 view with strides (-32, 1) is not row-major (strides (>= 32, "
       "1))"},
      {2, 2, 1, 1, TILE_RT_EITHER,
       "a 2x2 view with strides (1, 1) is neither row-major (strides (>= 2, "
       "1)) nor transposed (strides (1, >= 2))"},
      // Size-1 dimensions' strides are ignored; so is a lone row's or
      // column's leading dimension (the contiguous size stands in).
      {1, 32, 7, 1, TILE_RT_EITHER, "n 32"},
      {1, 32, 4096, 1, TILE_RT_ROW_MAJOR, "n 32"},
      {1, 32, 7, 1, TILE_RT_TRANSPOSED, "t 1"},
      {32, 1, 1, 5, TILE_RT_EITHER, "n 1"},
      {32, 1, 1, 5, TILE_RT_TRANSPOSED, "t 32"},
      {32, 1, 48, 5, TILE_RT_EITHER, "n 48"},
      {1, 1, 0, 0, TILE_RT_EITHER, "n 1"},
      {1, 32, 7, 2, TILE_RT_ROW_MAJOR,
       "a 1x32 view with strides (7, 2) is not row-major (strides (any, 1))"},
      {0, 5, 0, 0, TILE_RT_EITHER, "n 5"},
      {5, 0, 3, 9, TILE_RT_TRANSPOSED, "t 5"},
  };
  for (const Case &c : cases) {
    tile_rt_orientation stored = TILE_RT_EITHER;
    int64_t ld = -7;
    tile_rt_status st;
    std::string got;
    tile_rt_code code = tile_rt_operand_layout(c.rows, c.cols, c.s0, c.s1,
                                               c.want, &stored, &ld, &st);
    if (code == TILE_RT_OK)
      got = std::string(stored == TILE_RT_TRANSPOSED ? "t " : "n ") +
            std::to_string(ld);
    else if (code == TILE_RT_UNSUPPORTED && stored == TILE_RT_EITHER &&
             ld == -7)
      got = st.message;
    else
      got = "(code " + std::to_string(code) + ") " + st.message;
    CHECK_EQ(got, std::string(c.expect));
  }
  tile_rt_orientation stored;
  int64_t ld;
  tile_rt_status st;
  CHECK_EQ(
      tile_rt_operand_layout(-1, 5, 5, 1, TILE_RT_EITHER, &stored, &ld, &st),
      TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message),
           "tile_rt_operand_layout: a -1x5 view has a negative size");
  CHECK_EQ(tile_rt_operand_layout(5, 5, 5, 1, tile_rt_orientation(3), &stored,
                                  &ld, &st),
           TILE_RT_INVALID_ARGUMENT);
}

void testLeadingDimensions() {
  // An mma.sync kernel takes any leading dimension through its strides.
  writeJson("sync.json", syncManifest());
  Bundle sync("sync.json");
  Plan nn(sync.b, leads(problem(100, 60, 30), 40, 64, 70));
  CHECK_EQ(nn.code, TILE_RT_OK);
  CHECK_EQ(nn.param("stride_am"), 40);
  CHECK_EQ(nn.param("stride_ak"), 1);
  CHECK_EQ(nn.param("stride_bk"), 64);
  CHECK_EQ(nn.param("stride_bn"), 1);
  CHECK_EQ(nn.param("stride_cm"), 70);
  CHECK_EQ(nn.param("stride_cn"), 1);
  // nt stores B as N x K: its rows are K long, ldb apart.
  Plan nt(sync.b, leads(problem(100, 60, 30, TILE_RT_NT), 0, 48, 0));
  CHECK_EQ(nt.param("stride_am"), 30);
  CHECK_EQ(nt.param("stride_bk"), 1);
  CHECK_EQ(nt.param("stride_bn"), 48);
  CHECK_EQ(nt.param("stride_cm"), 60);
  // The contiguous size given is dense, as 0 is.
  Plan given(sync.b, leads(problem(100, 60, 30), 30, 60, 60));
  CHECK_EQ(given.param("stride_am"), 30);
  CHECK_EQ(given.param("stride_cm"), 60);

  // Refusals: below the row's length, beyond 2^63 bytes, beyond the index
  // width, other than a static stride.
  Json m = syncManifest();
  std::string path = gDir + "/leads.json";
  auto refused = [&](const tile_rt_problem &p) {
    return planRefusal(m, "leads.json", p);
  };
  CHECK_EQ(refused(leads(problem(100, 60, 30), 29, 0, 0)),
           "lda=29 is less than K=30, the length of A's rows in layout nn");
  CHECK_EQ(refused(leads(problem(100, 60, 30, TILE_RT_NT), 0, 20, 0)),
           "ldb=20 is less than K=30, the length of B's rows in layout nt");
  CHECK_EQ(refused(leads(problem(100, 60, 30), 0, 0, -60)),
           "ldc=-60 is less than N=60, the length of C's rows in layout nn");
  CHECK_EQ(refused(leads(problem(100, 60, 30), INT64_MAX / 64, 0, 0)),
           "lda=144115188075855871 overflows the 64-bit offsets of A");
  // Dense operands as large as the sizes allow fit (the grid does not).
  CHECK_EQ(refused(leads(problem(INT32_MAX, INT32_MAX, 1), 0, 0, 0)),
           "manifest " + path +
               ": shape 2147483647x2147483647 needs 562949953421312 tiles of "
               "128x64, more than one grid can hold");
  m["index_bitwidth"] = 32;
  CHECK_EQ(refused(leads(problem(65536, 64, 64), 32769, 0, 0)),
           "bundle " + path +
               " indexes with 32-bit offsets; shape 65536x64x64 needs more "
               "with lda=32769, ldb=64, ldc=64 (recompile with "
               "index-bitwidth=64)");
  // (rows - 1) * ld + cols elements: the last row's end is the limit.
  CHECK_EQ(refused(leads(problem(2, 64, 64), (int64_t(1) << 31) - 64, 0, 0)),
           "(code 0)");
  m["static_stride_am"] = 64;
  CHECK_EQ(refused(leads(problem(8, 64, 32), 80, 0, 0)),
           "bundle " + path +
               " was compiled for stride_am=64; the operands give 80 for "
               "8x64x32 nn with lda=80, ldb=64, ldc=64");
  CHECK_EQ(refused(leads(problem(8, 64, 32), 64, 0, 0)), "(code 0)");

  // A TMA kernel reads them through its descriptors: 16-byte multiples.
  writeJson("wg.json", wgmmaManifest());
  Bundle wg("wg.json");
  Plan view(wg.b, leads(problem(128, 256, 4096), 4104, 512, 264));
  CHECK_EQ(view.code, TILE_RT_OK);
  CHECK(!view.info.staged);
  CHECK_EQ(view.param("stride_am"), 4104);
  CHECK_EQ(view.param("stride_bk"), 512);
  CHECK_EQ(view.param("stride_cm"), 264);
  tile_rt_tma a, b, c;
  tile_rt_plan_tma(view.p, 0, &a, nullptr);
  tile_rt_plan_tma(view.p, 1, &b, nullptr);
  tile_rt_plan_tma(view.p, 2, &c, nullptr);
  CHECK(a.rows == 128 && a.cols == 4096 && a.pitch == 4104 &&
        a.row_bytes == 8208);
  CHECK(b.rows == 4096 && b.cols == 256 && b.pitch == 512 &&
        b.row_bytes == 1024);
  CHECK(c.rows == 128 && c.cols == 256 && c.pitch == 264 && c.row_bytes == 528);
  // Leading dimensions TMA cannot address: that operand alone is copied
  // into a buffer of whole lines; the others are read in place.
  m = wgmmaManifest();
  writeJson("leads.json", m);
  Bundle wl("leads.json");
  Plan la(wl.b, leads(problem(128, 256, 4096), 4100, 0, 0));
  CHECK_EQ(la.code, TILE_RT_OK);
  CHECK(la.info.staged);
  CHECK_EQ(la.info.a_copy_bytes, 128 * 4096 * 2);
  CHECK_EQ(la.info.b_copy_bytes, 0);
  CHECK_EQ(la.info.c_copy_bytes, 0);
  CHECK_EQ(la.param("stride_am"), 4096);
  CHECK_EQ(la.param("stride_bk"), 256);
  CHECK_EQ(la.text(TILE_RT_TEXT_STAGING),
           "lda=4100 is not a multiple of 8; A goes through a padded "
           "copy (lda 4100 -> 4096), which every timed launch includes");
  Plan lc(wl.b, leads(problem(128, 256, 4096), 0, 0, 260));
  CHECK_EQ(lc.info.c_copy_bytes, 128 * 256 * 2);
  CHECK_EQ(lc.info.a_copy_bytes + lc.info.b_copy_bytes, 0);
  CHECK_EQ(lc.param("stride_cm"), 256);
  CHECK_EQ(lc.text(TILE_RT_TEXT_STAGING),
           "ldc=260 is not a multiple of 8; C goes through a padded "
           "copy (ldc 260 -> 256), which every timed launch includes");
  // A copy reads and writes its operand with cuMemcpy2D, whose pitch stops
  // short of 2^31 bytes.
  CHECK_EQ(refused(leads(problem(128, 256, 4096), 0, (int64_t(1) << 30) + 4,
                         0)),
           "bundle " + path +
               ": ldb=1073741828 of 128x256x4096 nn needs a copy for TMA "
               "whose rows lie 2^31 bytes or more apart, beyond cuMemcpy2D's "
               "pitch");
  // f32 C: 4 elements are 16 bytes.
  m["c_type"] = "f32";
  m["tma_box_c"] = {32, 64};
  tile_rt_problem f32 = leads(problem(128, 256, 4096), 0, 0, 260);
  f32.c_type = TILE_RT_F32;
  writeJson("leads32.json", m);
  Bundle w32("leads32.json");
  Plan c32(w32.b, f32);
  CHECK_EQ(c32.code, TILE_RT_OK);
  CHECK(!c32.info.staged);
  f32.ldc = 258;
  Plan c258(w32.b, f32);
  CHECK_EQ(c258.info.c_copy_bytes, 128 * 256 * 4);
  CHECK_EQ(c258.text(TILE_RT_TEXT_STAGING),
           "ldc=258 is not a multiple of 4; C goes through a padded "
           "copy (ldc 258 -> 256), which every timed launch includes");
  // Transposed operands: A stored K x M (rows M long), B N x K.
  m = layoutManifest("tt");
  writeJson("tt.json", m);
  Bundle tt("tt.json");
  Plan tv(tt.b, leads(problem(64, 128, 256, TILE_RT_TT), 72, 264, 136));
  CHECK_EQ(tv.code, TILE_RT_OK);
  CHECK_EQ(tv.param("stride_am"), 1);
  CHECK_EQ(tv.param("stride_ak"), 72);
  CHECK_EQ(tv.param("stride_bk"), 1);
  CHECK_EQ(tv.param("stride_bn"), 264);
  CHECK_EQ(tv.param("stride_cm"), 136);
  tile_rt_plan_tma(tv.p, 0, &a, nullptr);
  tile_rt_plan_tma(tv.p, 1, &b, nullptr);
  CHECK(a.rows == 256 && a.cols == 64 && a.pitch == 72 && a.row_bytes == 144);
  CHECK(b.rows == 128 && b.cols == 256 && b.pitch == 264 && b.row_bytes == 528);
  CHECK_EQ(refused(leads(problem(64, 128, 256, TILE_RT_TT), 60, 0, 0)),
           "lda=60 is less than M=64, the length of A's rows in layout tt");
  // Staged, the kernel sees the padded copies (the launch copies the
  // operands in and out with their own leading dimensions), so any of the
  // operands' leading dimensions will do.
  Plan staged(wg.b, leads(problem(4095, 4097, 4103), 5001, 4099, 4111));
  CHECK_EQ(staged.code, TILE_RT_OK);
  CHECK(staged.info.staged);
  CHECK_EQ(staged.param("stride_am"), 4160);
  CHECK_EQ(staged.param("stride_cm"), 4160);
  tile_rt_plan_tma(staged.p, 0, &a, nullptr);
  CHECK(a.pitch == 4160 && a.cols == 4103);
}

void testNoGpu() {
  // Loading a kernel needs libcuda and a current context; without them, one
  // line says which is missing.
  writeJson("sync.json", syncManifest());
  Bundle b("sync.json");
  tile_rt_kernel_info info;
  tile_rt_status st;
  tile_rt_code code = tile_rt_kernel_load(b.b, &info, &st);
  std::string message = st.message;
  CHECK(code == TILE_RT_NO_DRIVER || code == TILE_RT_CUDA_ERROR);
  CHECK(message.find("no CUDA driver (cannot load libcuda.so.1") == 0 ||
        message.find("kernel 'k': no current CUDA context") == 0);
  CHECK(info.function == nullptr);
  Plan p(b.b, problem(64, 64, 64));
  tile_rt_buffers buffers{0x10000, 0x20000, 0x30000, 0, 0, 0, 0};
  CHECK_EQ(tile_rt_launch(p.p, &buffers, nullptr, &st), code);
}

void testVisitOrder() {
  // Over a whole period every round visits every entry once, and every
  // entry directly follows every other equally often: twice for an odd
  // count, once for an even one.
  for (int64_t n = 1; n <= 9; ++n) {
    int64_t period = n % 2 ? 2 * n : n;
    auto count = static_cast<size_t>(n);
    std::vector<std::vector<int64_t>> follows(count,
                                              std::vector<int64_t>(count));
    bool rounds = true;
    for (int64_t r = 0; r < period; ++r) {
      std::vector<int64_t> order(count, -1);
      CHECK_EQ(tile_rt_visit_order(r, n, order.data(), nullptr), TILE_RT_OK);
      std::vector<int64_t> seen(count);
      for (int64_t i : order)
        if (i >= 0 && i < n)
          ++seen[size_t(i)];
      rounds &= std::all_of(seen.begin(), seen.end(),
                            [](int64_t c) { return c == 1; });
      for (size_t j = 1; rounds && j < order.size(); ++j)
        ++follows[size_t(order[j - 1])][size_t(order[j])];
    }
    CHECK(rounds);
    for (int64_t a = 0; a < n; ++a)
      for (int64_t b = 0; b < n; ++b)
        CHECK_EQ(follows[size_t(a)][size_t(b)], a == b ? 0 : n % 2 ? 2 : 1);
  }
  // Two bundles after cuBLAS: the rounds in turn put each after cuBLAS.
  std::vector<int64_t> order(3);
  CHECK_EQ(tile_rt_visit_order(0, 3, order.data(), nullptr), TILE_RT_OK);
  CHECK((order == std::vector<int64_t>{0, 1, 2}));
  CHECK_EQ(tile_rt_visit_order(1, 3, order.data(), nullptr), TILE_RT_OK);
  CHECK((order == std::vector<int64_t>{2, 1, 0}));
  tile_rt_status st;
  CHECK_EQ(tile_rt_visit_order(-1, 3, order.data(), &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message),
           std::string("tile_rt_visit_order: the round must be at least 0 "
                       "and the count 1 to 65536"));
  CHECK_EQ(tile_rt_visit_order(0, 0, order.data(), &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_visit_order(0, 3, nullptr, &st), TILE_RT_INVALID_ARGUMENT);
}

void testParseShape() {
  int64_t mnk[3] = {0, 0, 0};
  tile_rt_status st;
  CHECK_EQ(tile_rt_parse_shape("4096x1x2147483647", mnk, &st), TILE_RT_OK);
  CHECK_EQ(mnk[0], int64_t(4096));
  CHECK_EQ(mnk[1], int64_t(1));
  CHECK_EQ(mnk[2], int64_t(TILE_RT_MAX_SIZE));
  CHECK_EQ(std::string(st.message), "");
  // A size of 0 or above 2^31 - 1, a sign, a space, a leading zero, another
  // separator, two or four sizes, full-width digits: refused, mnk left as
  // it was.
  for (const char *bad :
       {"", "0x1x1", "1x0x1", "1x1x2147483648", "1x1x99999999999999999999",
        "-1x2x3", "+1x2x3", " 1x2x3", "1x2x3 ", "064x64x64", "1X2X3", "1.5x2x3",
        "1x1", "1x2x3x4", "1x2x", "x1x2", "1xx2", "abc",
        "64x64x\xef\xbc\x96\xef\xbc\x94"}) {
    CHECK_EQ(tile_rt_parse_shape(bad, mnk, &st), TILE_RT_INVALID_ARGUMENT);
    CHECK_EQ(std::string(st.message),
             "expected MxNxK, three sizes from 1 to 2147483647 in ASCII "
             "digits");
  }
  CHECK_EQ(mnk[0], int64_t(4096));
  CHECK_EQ(tile_rt_parse_shape(nullptr, mnk, &st), TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message), "tile_rt_parse_shape: text is null");
  CHECK_EQ(tile_rt_parse_shape("1x1x1", nullptr, nullptr),
           TILE_RT_INVALID_ARGUMENT);
}

void testCheckBounds() {
  tile_rt_check_bounds b;
  tile_rt_status st;
  CHECK_EQ(tile_rt_check_bounds_of(TILE_RT_F16, TILE_RT_F16, 4096, &b, &st),
           TILE_RT_OK);
  CHECK_EQ(b.frobenius, 2e-3);
  CHECK_EQ(b.per_ref, 0x1p-11);
  CHECK_EQ(b.per_magnitude, 4096 * 0x1p-20);
  CHECK_EQ(b.absolute, 0x1p-24);
  CHECK_EQ(b.elementwise, 1);
  CHECK_EQ(
      tile_rt_check_bounds_of(TILE_RT_BF16, TILE_RT_BF16, 1 << 18, &b, &st),
      TILE_RT_OK);
  CHECK_EQ(b.frobenius, 1e-2);
  CHECK_EQ(b.per_ref, 0x1p-8);
  CHECK_EQ(b.elementwise, 1);
  CHECK_EQ(tile_rt_check_bounds_of(TILE_RT_BF16, TILE_RT_F32, (1 << 18) + 1, &b,
                                   &st),
           TILE_RT_OK);
  CHECK_EQ(b.frobenius, 5e-3);
  CHECK_EQ(b.per_ref, 0.0);
  CHECK_EQ(b.elementwise, 0);
  // f32 inputs, a K below 0, no output: refused.
  CHECK_EQ(tile_rt_check_bounds_of(TILE_RT_F32, TILE_RT_F32, 1, &b, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(std::string(st.message),
           "tile_rt_check_bounds_of: the input type must be f16 or bf16, the "
           "output's f16, bf16 or f32, and K at least 0");
  CHECK_EQ(tile_rt_check_bounds_of(TILE_RT_F16, TILE_RT_F16, -1, &b, &st),
           TILE_RT_INVALID_ARGUMENT);
  CHECK_EQ(tile_rt_check_bounds_of(TILE_RT_F16, TILE_RT_F16, 1, nullptr, &st),
           TILE_RT_INVALID_ARGUMENT);
}

void testMessages() {
  // Whatever a manifest holds, a message is one line of printable ASCII.
  Json m = syncManifest();
  // (A string field with a control character is refused by name.)
  m["schedule"] = "tiled\xc3\xa9";
  tile_rt_status st;
  writeJson("lines.json", m);
  tile_rt_bundle *b = nullptr;
  CHECK_EQ(tile_rt_bundle_load((gDir + "/lines.json").c_str(), &b, &st),
           TILE_RT_BAD_BUNDLE);
  CHECK(std::string(st.message).find("'tiled\\xc3\\xa9'") != std::string::npos);
  // Long messages are cut to the buffer.
  std::string name(3000, 'x');
  m = syncManifest();
  m["mma"] = name;
  writeJson("long.json", m);
  CHECK_EQ(tile_rt_bundle_load((gDir + "/long.json").c_str(), &b, &st),
           TILE_RT_BAD_BUNDLE);
  CHECK_EQ(std::strlen(st.message), size_t(TILE_RT_MESSAGE_BYTES - 1));
}

//===----------------------------------------------------------------------===//
// --print: a manifest as the runtime read it
//===----------------------------------------------------------------------===//

using tile_manifest::Field;
using tile_manifest::Scope;

Json text(const char *s) { return *s ? Json(s) : Json(); }
Json known(int64_t v) { return v >= 0 ? Json(v) : Json(); }
Json pair(const int64_t (&v)[2], bool held) {
  return held ? Json::array({v[0], v[1]}) : Json();
}

// What the C API says of field `f` of a kernel manifest; null where the
// runtime holds nothing for it.
Json kernelField(const tile_rt_bundle *b, const tile_rt_bundle_info &i,
                 Field f) {
  switch (f) {
  case Field::Kernel:
    return i.kernel;
  case Field::Ptx:
    return i.ptx;
  case Field::Schedule:
    return i.schedule;
  case Field::BlockM:
    return i.block_m;
  case Field::BlockN:
    return i.block_n;
  case Field::BlockK:
    return i.block_k;
  case Field::ThreadsPerBlock:
    return i.threads_per_block;
  case Field::DynamicSharedMemoryBytes:
    return i.dynamic_shared_bytes;
  case Field::AType:
    return tile_rt_dtype_name(i.a_type);
  case Field::BType:
    return tile_rt_dtype_name(i.b_type);
  case Field::CType:
    return tile_rt_dtype_name(i.c_type);
  case Field::Chip:
    return text(i.chip);
  case Field::Order:
    return text(i.order);
  case Field::AccType:
    return text(i.acc_type);
  case Field::GroupM:
    return known(i.group_m);
  case Field::ClusterM:
    return i.cluster_m;
  case Field::SwapAB:
    return i.swap_ab;
  case Field::CAnyAlignment:
    return i.c_any_alignment;
  case Field::NumWarps:
    return known(i.num_warps);
  case Field::NumStages:
    return known(i.num_stages);
  case Field::IndexBitwidth:
    return i.index_bitwidth;
  case Field::Layouts: {
    Json out = Json::array();
    std::string list = i.layouts;
    for (size_t at = 0; at < list.size(); at += 4)
      out.push_back(list.substr(at, 2)); // "nn, nt"
    return out;
  }
  case Field::Mma:
    return i.mma;
  case Field::SplitK:
    return i.split_k;
  case Field::Splits:
    return text(i.splits);
  case Field::Params:
    return params(i.param_count);
  case Field::StaticOffsetA:
  case Field::StaticOffsetB:
  case Field::StaticOffsetC:
  case Field::StaticM:
  case Field::StaticN:
  case Field::StaticK:
  case Field::StaticStrideAM:
  case Field::StaticStrideAK:
  case Field::StaticStrideBK:
  case Field::StaticStrideBN:
  case Field::StaticStrideCM:
  case Field::StaticStrideCN: {
    int64_t v;
    size_t param = size_t(f) - size_t(tile_manifest::staticField(0));
    return tile_rt_bundle_static(b, kAbi[param].name, &v) ? Json(v) : Json();
  }
  case Field::MMultiple:
    return i.m_multiple;
  case Field::NMultiple:
    return i.n_multiple;
  case Field::KMultiple:
    return i.k_multiple;
  case Field::TmaBoxA:
    return pair(i.tma_box_a, i.uses_tma);
  case Field::TmaBoxB:
    return pair(i.tma_box_b, i.uses_tma);
  case Field::TmaBoxC:
    return pair(i.tma_box_c, i.uses_tma);
  case Field::TmaBoxATail:
    return pair(i.tma_box_a_tail, i.uses_tma);
  case Field::TmaSwizzleBytes:
    return i.uses_tma ? Json(i.tma_swizzle_bytes) : Json();
  case Field::L2Promotion:
    return i.l2_promotion;
  case Field::WorkspaceTileBytes:
    return i.uses_workspace ? Json(i.workspace_tile_bytes) : Json();
  case Field::WarpSpecialize:
    return text(i.warp_specialize);
  case Field::MinBlocksPerSm:
    return known(i.min_blocks_per_sm);
  case Field::GpuModule:
    return text(i.gpu_module);
  default: // other scopes
    return Json();
  }
}

Json ruleField(const tile_rt_rule &r, Field f) {
  switch (f) {
  case Field::RuleBundle:
    return r.bundle;
  case Field::RuleWhy:
    return r.why;
  case Field::RuleClass:
    return text(r.shape_class);
  case Field::RuleCost:
    return r.cost[0] ? Json(std::vector<int64_t>(r.cost, r.cost + 5))
                     : Json();
  case Field::RuleClusterSlots:
    return r.cluster_slots[0]
               ? Json(std::vector<int64_t>(r.cluster_slots, r.cluster_slots + 8))
               : Json();
  default: // other scopes
    return Json();
  }
}

// The fields of `scope` that `value` gives, in the schema's order.
template <typename Value> Json fields(Scope scope, Value value) {
  Json out = Json::object();
  for (size_t f = 0; f < tile_manifest::kFieldCount; ++f) {
    Json v =
        tile_manifest::kFields[f].scope == scope ? value(Field(f)) : Json();
    if (!v.is_null())
      out[tile_manifest::kFields[f].name] = v;
  }
  return out;
}

// Prints the manifest at `path` as the runtime read it: every field of
// ManifestFields.def it holds a value for (given or default), as JSON.
int print(const char *path) {
  tile_rt_bundle *b = nullptr;
  tile_rt_status st;
  if (tile_rt_bundle_load(path, &b, &st) != TILE_RT_OK) {
    std::fprintf(stderr, "tile-runtime-test: %s\n", st.message);
    return 1;
  }
  tile_rt_bundle_info i;
  tile_rt_bundle_get_info(b, &i, nullptr);
  Json out;
  if (i.rule_count) {
    Json rules = Json::array();
    for (size_t r = 0; r < i.rule_count; ++r) {
      tile_rt_rule rule;
      tile_rt_bundle_rule(b, r, &rule, nullptr);
      rules.push_back(
          fields(Scope::Rule, [&](Field f) { return ruleField(rule, f); }));
    }
    out = {{tile_manifest::name(Field::DispatchKernel), i.kernel},
           {tile_manifest::name(Field::DispatchRules), rules}};
  } else {
    out = fields(Scope::Kernel, [&](Field f) { return kernelField(b, i, f); });
  }
  tile_rt_bundle_free(b);
  std::printf("%s\n", out.dump(1).c_str());
  return 0;
}

} // namespace

// An nt wgmma manifest with c_any_alignment `value`, written as `name`.
Json cAnyManifest(int64_t value, const char *name) {
  Json m = layoutManifest("nt");
  m["c_any_alignment"] = value;
  writeJson(name, m);
  return m;
}

// GPT-2's output layer at M 64 (x @ w.T, N = 50257).
tile_rt_problem gpt2Head() { return problem(64, 50257, 768, TILE_RT_NT); }

// A kernel that stores C at any alignment ("c_any_alignment"): C is never
// staged, whatever its N, leading dimension or pointer; A and B still are
// where TMA cannot read them, and checkTmaLeads still bounds C's stride.
void testCAnyAlignment() {
  Json m = cAnyManifest(1, "cany.json");
  Bundle b("cany.json");
  // A vocabulary head: nothing copied.
  Plan head(b.b, gpt2Head());
  CHECK_EQ(head.code, TILE_RT_OK);
  CHECK(!head.info.staged && head.info.c_copy_bytes == 0);
  CHECK_EQ(head.param("stride_cm"), 50257);
  CHECK_EQ(head.text(TILE_RT_TEXT_STAGING),
           "C's rows (N=50257, not a multiple of 8) are stored in place by "
           "the kernel's threads, not TMA");
  // K off 16 bytes: A and B copied, C in place at its own stride.
  Plan odd(b.b, problem(4095, 4097, 4103, TILE_RT_NT));
  CHECK_EQ(odd.code, TILE_RT_OK);
  CHECK(odd.info.staged && odd.info.c_copy_bytes == 0);
  CHECK_EQ(odd.info.a_copy_bytes, 4095 * 4160 * 2);
  CHECK_EQ(odd.param("stride_cm"), 4097);
  CHECK_EQ(odd.param("stride_am"), 4160);
  CHECK_EQ(odd.text(TILE_RT_TEXT_STAGING),
           "K=4103 is not a multiple of 8; A and B go through padded copies "
           "(K 4103 -> 4160), which every timed launch includes; C's rows "
           "(N=4097, not a multiple of 8) are stored in place by the "
           "kernel's threads, not TMA");
  Plan view(b.b, leads(problem(128, 256, 4096, TILE_RT_NT), 0, 0, 261));
  CHECK(view.code == TILE_RT_OK && !view.info.staged);
  CHECK_EQ(view.param("stride_cm"), 261);
  CHECK_EQ(view.text(TILE_RT_TEXT_STAGING),
           "C's rows (ldc=261, not a multiple of 8) are stored in place by "
           "the kernel's threads, not TMA");
  // A view of whole chunks whose N is not: named by N.
  Plan narrow(b.b, leads(problem(128, 250, 4096, TILE_RT_NT), 0, 0, 256));
  CHECK(narrow.code == TILE_RT_OK && !narrow.info.staged);
  CHECK_EQ(narrow.text(TILE_RT_TEXT_STAGING),
           "C's rows (N=250, not a multiple of 8) are stored in place by the "
           "kernel's threads, not TMA");
  // Rows TMA stores: nothing to say.
  Plan whole(b.b, leads(problem(128, 256, 4096, TILE_RT_NT), 0, 0, 264));
  CHECK_EQ(whole.text(TILE_RT_TEXT_STAGING), "");
  CHECK_EQ(planRefusal(m, "cany.json",
                       leads(problem(128, 256, 4096, TILE_RT_NT), 0, 0,
                             int64_t(1) << 40)),
           "bundle " + gDir +
               "/cany.json: ldc=1099511627776 elements is 2^40 bytes or "
               "more, beyond TMA's strides");
  // Packing takes a C pointer off 16 bytes (the kernel's threads store
  // it); A's must still be aligned.
  tile_rt_buffers ops{0x10000, 0x20000, 0x30002, 0, 0, 0, 0};
  checkPacks(head, ops);
  ops.a = 0x10002;
  CHECK_EQ(packRefusal(head, ops, TILE_RT_UNSUPPORTED),
           "kernel 'k' (" + gDir +
               "/cany.json): A's data pointer 0x10002 is not 16-byte "
               "aligned, which TMA needs (a view into another tensor? use "
               ".clone())");
  // Without the field, the same C is copied.
  Json plain = layoutManifest("nt");
  writeJson("cplain.json", plain);
  Bundle p("cplain.json");
  Plan copied(p.b, gpt2Head());
  CHECK_EQ(copied.info.c_copy_bytes, 64 * 50304 * 2);
  // A value other than 0 or 1 is refused.
  m["c_any_alignment"] = 2;
  CHECK_EQ(refusal(m), "field \"c_any_alignment\" is 2; expected 0 or 1");
}

// The map the packed arguments (in the ABI's order) pass as parameter
// `role`, as the fake libcuda (fake-cuda-encode.cpp) wrote it: rank,
// address, dimensions (3), strides (2), box (3).
struct Map {
  uint64_t rank, address, dims[3], strides[2], box[3];
};
Map mapOf(void **args, tile_manifest::ParamRole role) {
  uint64_t w[16];
  std::memcpy(w, args[size_t(role)], sizeof(w));
  return {w[0], w[1], {w[2], w[3], w[4]}, {w[5], w[6]}, {w[7], w[8], w[9]}};
}

// With the fake libcuda.so.1 (tile-runtime-test --encode, LD_LIBRARY_PATH
// on it): the descriptors the runtime encodes.
void testEncode() {
  cAnyManifest(1, "enc.json");
  Bundle b("enc.json");
  // A (64 x 768, nt: K-major) and an aligned C (64 x 4096) as 2-D maps at
  // their own addresses.
  Plan aligned(b.b, problem(64, 4096, 768, TILE_RT_NT));
  tile_rt_buffers ops{0x10000, 0x20000, 0x30000, 0, 0, 0, 0};
  void **args = nullptr;
  tile_rt_status st;
  CHECK_EQ(tile_rt_plan_pack(aligned.p, &ops, &args, &st), TILE_RT_OK);
  Map a = mapOf(args, tile_manifest::ParamRole::TmaA);
  CHECK(a.rank == 2 && a.address == 0x10000 && a.dims[0] == 768 &&
        a.dims[1] == 64 && a.strides[0] == 1536);
  Map c = mapOf(args, tile_manifest::ParamRole::TmaC);
  CHECK(c.rank == 2 && c.address == 0x30000 && c.dims[0] == 4096 &&
        c.dims[1] == 64 && c.strides[0] == 8192);
  // B (nt: N x K, K-major) likewise.
  Map bm = mapOf(args, tile_manifest::ParamRole::TmaB);
  CHECK(bm.rank == 2 && bm.address == 0x20000 && bm.dims[0] == 768 &&
        bm.dims[1] == 4096 && bm.strides[0] == 1536);
  // C off 16 bytes (its N, or its pointer): the threads store C, no map.
  Plan head(b.b, gpt2Head());
  ops.c = 0x30002;
  CHECK_EQ(tile_rt_plan_pack(head.p, &ops, &args, &st), TILE_RT_OK);
  c = mapOf(args, tile_manifest::ParamRole::TmaC);
  CHECK(c.rank == 0 && c.address == 0);
  CHECK_EQ(tile_rt_plan_pack(aligned.p, &ops, &args, &st), TILE_RT_OK);
  c = mapOf(args, tile_manifest::ParamRole::TmaC);
  CHECK(c.rank == 0 && c.address == 0);
}

int main(int argc, char **argv) {
  if (argc == 3 && std::strcmp(argv[1], "--print") == 0)
    return print(argv[2]);
  // --encode: with the fake libcuda.so.1 on LD_LIBRARY_PATH, the maps.
  bool encode = argc == 3 && std::strcmp(argv[1], "--encode") == 0;
  if (argc != 2 && !encode) {
    std::fprintf(stderr, "usage: tile-runtime-test [--encode] DIR | --print "
                         "MANIFEST\n");
    return 2;
  }
  gDir = argv[argc - 1];
  write("k.ptx", fakePtx("k", 12));
  write("k-tma.ptx", fakePtx("k", 16));
  write("k-workspace.ptx", fakePtx("k", 17));
  std::vector<std::pair<const char *, void (*)()>> tests = {
      {"null pointers", testNullPointers},
      {"files", testFiles},
      {"PTX entries", testEntries},
      {"JSON", testJson},
      {"fields", testFields},
      {"info", testInfo},
      {"dispatch", testDispatch},
      {"problems", testProblems},
      {"staging", testStaging},
      {"staging in every layout", testStagingLayouts},
      {"C at any alignment", testCAnyAlignment},
      {"grids", testGrids},
      {"arguments", testArguments},
      {"operand layouts", testOperandLayouts},
      {"leading dimensions", testLeadingDimensions},
      {"no GPU", testNoGpu},
      {"visit order", testVisitOrder},
      {"shapes", testParseShape},
      {"check bounds", testCheckBounds},
      {"messages", testMessages}};
  if (encode)
    tests = {{"encoded maps", testEncode}};
  for (auto &[name, test] : tests) {
    int before = gFailures;
    test();
    std::printf("%s: %s\n", name, gFailures == before ? "ok" : "FAILED");
  }
  std::printf("%d checks, %d failed\n", gChecks, gFailures);
  return gFailures ? 1 : 0;
}
