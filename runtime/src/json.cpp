//===- json.cpp - Reading a manifest's JSON -------------------------------===//
//
// The document is built through nlohmann's SAX interface rather than its
// parse(): only there can a repeated key or too deep a nesting stop the
// parse, at the place where it occurs.
//
//===----------------------------------------------------------------------===//

#include "json.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

namespace tilert {

namespace {

// "line L, column C" of byte `offset`, counted as nlohmann counts them.
std::string where(const std::string &text, size_t offset) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// A char iterator that tells how far the parser has read, so the builder
// knows where the key it is given started.
class TrackedIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  TrackedIterator(const char *p, const char **read) : p_(p), read_(read) {}
  reference operator*() const { return *p_; }
  TrackedIterator &operator++() {
    *read_ = ++p_;
    return *this;
  }
  bool operator==(const TrackedIterator &o) const { return p_ == o.p_; }
  bool operator!=(const TrackedIterator &o) const { return p_ != o.p_; }

private:
  const char *p_;
  const char **read_;
};

class Builder final : public nlohmann::json_sax<Json> {
public:
  Builder(const std::string &text, const char *const &read, JsonDocument &doc,
          std::string &error)
      : text_(text), read_(read), doc_(doc), error_(error) {}

  bool null() override { return put(Json()); }
  bool boolean(bool v) override { return put(Json(v)); }
  bool number_integer(number_integer_t v) override { return put(Json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return put(Json(v)); }
  bool number_float(number_float_t v, const string_t &raw) override {
    doc_.numberText[pointer()] = raw;
    return put(Json(v));
  }
  bool string(string_t &v) override { return put(Json(std::move(v))); }
  // Only binary formats (CBOR, ...) produce these; text never does.
  bool binary(binary_t &) override { return false; }

  bool start_object(std::size_t) override { return open(Json::object()); }
  bool start_array(std::size_t) override { return open(Json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t &k) override {
    Frame &f = stack_.back();
    if (f.node->contains(k)) {
      error_ = "malformed JSON at " + where(text_, keyStart()) +
               ": duplicate key \"" + k + "\"";
      return false;
    }
    f.key = std::move(k);
    return true;
  }

  bool parse_error(std::size_t position, const std::string &,
                   const nlohmann::detail::exception &e) override {
    // "[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error ... - what; last read: '...'": the place and the what;
    // the text last read may be long and unprintable.
    std::string what = e.what();
    size_t at = what.find(" at line ");
    if (at != std::string::npos) {
      what = what.substr(at);
      size_t lastRead = what.find("; last read:");
      if (lastRead != std::string::npos)
        what.erase(lastRead);
    } else {
      // "[json.exception.out_of_range.406] number overflow parsing
      // '1e999999'": no place (the parser has read past the number, which
      // may be any length).
      size_t start = std::min(position, text_.size());
      while (start > 0 && std::strchr("0123456789+-.eE", text_[start - 1]))
        --start;
      size_t id = what.find("] ");
      what = " at " + where(text_, start) + ": " +
             (id == std::string::npos ? what : what.substr(id + 2));
      if (what.size() > 120)
        what = what.substr(0, 116) + "...'";
    }
    error_ = "malformed JSON" + what;
    return false;
  }

private:
  struct Frame {
    Json *node;
    std::string key; // of the next value, in an object
  };

  // Where the next value goes; its JSON pointer.
  std::string pointer() const {
    std::string p;
    for (const Frame &f : stack_)
      p = f.node->is_object() ? jsonPointer(p, f.key)
                              : p + "/" + std::to_string(f.node->size());
    return p;
  }

  Json *place(Json v) {
    if (stack_.empty()) {
      doc_.root = std::move(v);
      return &doc_.root;
    }
    Frame &f = stack_.back();
    if (f.node->is_object())
      return &((*f.node)[f.key] = std::move(v));
    f.node->push_back(std::move(v));
    return &f.node->back();
  }

  bool put(Json v) {
    place(std::move(v));
    return true;
  }

  // A parent's node stays where it is while a child is open: only the top
  // of the stack grows.
  bool open(Json v) {
    if (stack_.size() >= kMaxJsonDepth) {
      error_ = "malformed JSON at " + where(text_, offset() - 1) +
               ": nested more than " + std::to_string(kMaxJsonDepth) + " deep";
      return false;
    }
    stack_.push_back({place(std::move(v)), {}});
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  size_t offset() const { return size_t(read_ - text_.data()); }

  // The key's opening quote: the parser has read up to its closing one, and
  // inside a string a quote is escaped by an odd number of backslashes.
  size_t keyStart() const {
    size_t i = offset() - 1;
    while (i > 0) {
      --i;
      if (text_[i] != '"')
        continue;
      size_t slashes = 0;
      while (slashes < i && text_[i - 1 - slashes] == '\\')
        ++slashes;
      if (slashes % 2 == 0)
        return i;
    }
    return 0;
  }

  const std::string &text_;
  const char *const &read_;
  JsonDocument &doc_;
  std::string &error_;
  std::vector<Frame> stack_;
};

} // namespace

std::string JsonDocument::textOf(const std::string &pointer,
                                 const Json &number) const {
  auto it = numberText.find(pointer);
  return it != numberText.end() ? it->second : number.dump();
}

bool parseJson(const std::string &text, JsonDocument &out, std::string &error) {
  // nlohmann stops at a NUL as at the end of the text, which would accept
  // anything after one.
  size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    error = "malformed JSON at " + where(text, nul) + ": unexpected byte 0x00";
    return false;
  }
  out = JsonDocument();
  const char *read = text.data();
  Builder builder(text, read, out, error);
  const char *begin = text.data(), *end = begin + text.size();
  return Json::sax_parse(TrackedIterator(begin, &read),
                         TrackedIterator(end, &read), &builder);
}

std::string jsonPointer(const std::string &parent, const std::string &key) {
  std::string p = parent + "/";
  for (char c : key)
    p += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return p;
}

const char *describe(const Json &v) {
  switch (v.type()) {
  case Json::value_t::null:
    return "null";
  case Json::value_t::boolean:
    return "a boolean";
  case Json::value_t::number_integer:
  case Json::value_t::number_unsigned:
  case Json::value_t::number_float:
    return "a number";
  case Json::value_t::string:
    return "a string";
  case Json::value_t::array:
    return "an array";
  case Json::value_t::object:
    return "an object";
  default:
    return "a value";
  }
}

} // namespace tilert
