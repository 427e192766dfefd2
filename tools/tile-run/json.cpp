//===- json.cpp - Minimal JSON reader and writer for tile-run -------------===//
//
// A strict RFC 8259 reader: no comments, no trailing commas, no NaN. Errors
// carry a line and column so a broken manifest is easy to fix by hand.
//
//===----------------------------------------------------------------------===//

#include "json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace tilerun {

Json Json::boolean(bool v) {
  Json j;
  j.kind_ = Kind::Bool;
  j.bool_ = v;
  return j;
}

Json Json::number(double v) {
  Json j;
  j.kind_ = Kind::Number;
  j.number_ = v;
  return j;
}

Json Json::integer(int64_t v) {
  Json j = number(static_cast<double>(v));
  j.numberText_ = std::to_string(v);
  return j;
}

Json Json::unsignedInteger(uint64_t v) {
  Json j = number(static_cast<double>(v));
  j.numberText_ = std::to_string(v);
  return j;
}

Json Json::parsedNumber(double v, std::string text) {
  Json j = number(v);
  j.numberText_ = std::move(text);
  return j;
}

Json Json::string(std::string v) {
  Json j;
  j.kind_ = Kind::String;
  j.string_ = std::move(v);
  return j;
}

Json Json::array() {
  Json j;
  j.kind_ = Kind::Array;
  return j;
}

Json Json::object() {
  Json j;
  j.kind_ = Kind::Object;
  return j;
}

Json Json::object(std::vector<std::pair<std::string, Json>> members) {
  Json j = object();
  j.object_ = std::move(members);
  return j;
}

const Json *Json::get(const std::string &key) const {
  if (kind_ != Kind::Object)
    return nullptr;
  for (const auto &member : object_)
    if (member.first == key)
      return &member.second;
  return nullptr;
}

Json &Json::push(Json v) {
  array_.push_back(std::move(v));
  return *this;
}

Json &Json::set(const std::string &key, Json v) {
  for (auto &member : object_) {
    if (member.first == key) {
      member.second = std::move(v);
      return *this;
    }
  }
  object_.emplace_back(key, std::move(v));
  return *this;
}

const char *Json::describe(Kind k) {
  switch (k) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "a boolean";
  case Kind::Number:
    return "a number";
  case Kind::String:
    return "a string";
  case Kind::Array:
    return "an array";
  case Kind::Object:
    return "an object";
  }
  return "a value";
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

static void quote(std::string &out, const std::string &s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  out += '"';
}

static void newline(std::string &out, int indent) {
  out += '\n';
  out.append(static_cast<size_t>(indent) * 2, ' ');
}

void Json::dumpTo(std::string &out, int indent) const {
  switch (kind_) {
  case Kind::Null:
    out += "null";
    return;
  case Kind::Bool:
    out += bool_ ? "true" : "false";
    return;
  case Kind::Number: {
    if (!numberText_.empty()) {
      out += numberText_;
      return;
    }
    // JSON has no NaN or infinity; null says "no value" honestly.
    if (!std::isfinite(number_)) {
      out += "null";
      return;
    }
    char buf[32];
    if (number_ == std::floor(number_) && std::fabs(number_) < 9.0e15)
      std::snprintf(buf, sizeof(buf), "%.0f", number_);
    else
      std::snprintf(buf, sizeof(buf), "%.6g", number_);
    out += buf;
    return;
  }
  case Kind::String:
    quote(out, string_);
    return;
  case Kind::Array: {
    if (array_.empty()) {
      out += "[]";
      return;
    }
    // Arrays of scalars stay on one line; they are short here.
    bool flat = true;
    for (const Json &item : array_)
      flat = flat && !item.isArray() && !item.isObject();
    out += '[';
    for (size_t i = 0; i < array_.size(); ++i) {
      if (i)
        out += flat ? ", " : ",";
      if (!flat)
        newline(out, indent + 1);
      array_[i].dumpTo(out, indent + 1);
    }
    if (!flat)
      newline(out, indent);
    out += ']';
    return;
  }
  case Kind::Object: {
    if (object_.empty()) {
      out += "{}";
      return;
    }
    out += '{';
    for (size_t i = 0; i < object_.size(); ++i) {
      if (i)
        out += ',';
      newline(out, indent + 1);
      quote(out, object_[i].first);
      out += ": ";
      object_[i].second.dumpTo(out, indent + 1);
    }
    newline(out, indent);
    out += '}';
    return;
  }
  }
}

std::string Json::numberText() const {
  std::string out;
  dumpTo(out, 0);
  return out;
}

std::string Json::dump() const {
  std::string out;
  dumpTo(out, 0);
  out += '\n';
  return out;
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

class Parser {
public:
  explicit Parser(const std::string &text) : text_(text) {}

  bool parseDocument(Json &out, std::string &error) {
    skipSpace();
    if (!parseValue(out, 0)) {
      error = error_;
      return false;
    }
    skipSpace();
    if (pos_ != text_.size()) {
      fail("unexpected text after the end of the document");
      error = error_;
      return false;
    }
    return true;
  }

private:
  // Deep nesting only comes from garbage input; stop before the C++ stack.
  static constexpr int kMaxDepth = 200;

  bool fail(const std::string &what) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error_ = "malformed JSON at line " + std::to_string(line) + ", column " +
             std::to_string(column) + ": " + what;
    return false;
  }

  // A byte that cannot be printed as it is (say, NUL) is shown in hex.
  static std::string unexpected(char c) {
    if (c >= 0x20 && c < 0x7F)
      return std::string("unexpected character '") + c + "'";
    char hex[8];
    std::snprintf(hex, sizeof(hex), "0x%02x", static_cast<unsigned char>(c));
    return std::string("unexpected byte ") + hex;
  }

  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  void skipSpace() {
    while (!atEnd()) {
      char c = text_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        break;
      ++pos_;
    }
  }

  bool expectWord(const char *word) {
    size_t start = pos_;
    for (const char *p = word; *p; ++p, ++pos_) {
      if (atEnd() || text_[pos_] != *p) {
        pos_ = start;
        return fail(std::string("invalid literal (expected '") + word + "')");
      }
    }
    return true;
  }

  bool parseValue(Json &out, int depth) {
    if (depth > kMaxDepth)
      return fail("nesting too deep");
    if (atEnd())
      return fail("unexpected end of input");
    char c = peek();
    switch (c) {
    case '{':
      return parseObject(out, depth);
    case '[':
      return parseArray(out, depth);
    case '"': {
      std::string s;
      if (!parseString(s))
        return false;
      out = Json::string(std::move(s));
      return true;
    }
    case 't':
      if (!expectWord("true"))
        return false;
      out = Json::boolean(true);
      return true;
    case 'f':
      if (!expectWord("false"))
        return false;
      out = Json::boolean(false);
      return true;
    case 'n':
      if (!expectWord("null"))
        return false;
      out = Json();
      return true;
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber(out);
      return fail(unexpected(c));
    }
  }

  // Keys are checked against a hash set: a linear search per key made a
  // manifest of 100,000 keys take half a minute.
  bool parseObject(Json &out, int depth) {
    ++pos_; // '{'
    std::vector<std::pair<std::string, Json>> members;
    std::unordered_set<std::string> keys;
    skipSpace();
    if (peek() == '}') {
      ++pos_;
      out = Json::object();
      return true;
    }
    while (true) {
      skipSpace();
      if (peek() != '"')
        return fail("expected a string key");
      size_t keyPos = pos_;
      std::string key;
      if (!parseString(key))
        return false;
      if (!keys.insert(key).second) {
        pos_ = keyPos;
        return fail("duplicate key \"" + key + "\"");
      }
      skipSpace();
      if (peek() != ':')
        return fail("expected ':' after a key");
      ++pos_;
      skipSpace();
      Json value;
      if (!parseValue(value, depth + 1))
        return false;
      members.emplace_back(std::move(key), std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        out = Json::object(std::move(members));
        return true;
      }
      return atEnd() ? fail("unexpected end of input inside an object")
                     : fail("expected ',' or '}' in an object");
    }
  }

  bool parseArray(Json &out, int depth) {
    ++pos_; // '['
    out = Json::array();
    skipSpace();
    if (peek() == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      Json value;
      if (!parseValue(value, depth + 1))
        return false;
      out.push(std::move(value));
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        return true;
      }
      return atEnd() ? fail("unexpected end of input inside an array")
                     : fail("expected ',' or ']' in an array");
    }
  }

  bool parseHex4(unsigned &value) {
    value = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      if (atEnd())
        return fail("unexpected end of input in a \\u escape");
      char c = text_[pos_];
      value <<= 4;
      if (c >= '0' && c <= '9')
        value |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        value |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        value |= unsigned(c - 'A' + 10);
      else
        return fail("bad hex digit in a \\u escape");
    }
    return true;
  }

  static void appendUtf8(std::string &s, unsigned cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool parseString(std::string &out) {
    ++pos_; // opening quote
    while (true) {
      if (atEnd())
        return fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20)
        return fail("control character inside a string");
      if (c != '\\') {
        out += static_cast<char>(c);
        ++pos_;
        continue;
      }
      ++pos_; // backslash
      if (atEnd())
        return fail("unterminated string");
      char e = text_[pos_++];
      switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned cp;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          // A high surrogate must be followed by an escaped low surrogate.
          if (text_.compare(pos_, 2, "\\u") != 0)
            return fail("unpaired surrogate in a \\u escape");
          pos_ += 2;
          unsigned low;
          if (!parseHex4(low))
            return false;
          if (low < 0xDC00 || low > 0xDFFF)
            return fail("unpaired surrogate in a \\u escape");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          return fail("unpaired surrogate in a \\u escape");
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        --pos_;
        return fail(std::string("invalid escape '\\") + e + "'");
      }
    }
  }

  bool isDigit(char c) const { return c >= '0' && c <= '9'; }

  bool parseNumber(Json &out) {
    size_t start = pos_;
    if (peek() == '-')
      ++pos_;
    if (peek() == '0') {
      ++pos_;
      if (isDigit(peek()))
        return fail("leading zeros are not allowed in numbers");
    } else if (isDigit(peek())) {
      while (isDigit(peek()))
        ++pos_;
    } else {
      return fail("expected a digit");
    }
    if (peek() == '.') {
      ++pos_;
      if (!isDigit(peek()))
        return fail("expected a digit after '.'");
      while (isDigit(peek()))
        ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-')
        ++pos_;
      if (!isDigit(peek()))
        return fail("expected a digit in the exponent");
      while (isDigit(peek()))
        ++pos_;
    }
    std::string literal = text_.substr(start, pos_ - start);
    double value = std::strtod(literal.c_str(), nullptr);
    if (!std::isfinite(value)) {
      pos_ = start;
      return fail("number out of range");
    }
    out = Json::parsedNumber(value, std::move(literal));
    return true;
  }

  const std::string &text_;
  size_t pos_ = 0;
  std::string error_;
};

} // namespace

bool parseJson(const std::string &text, Json &out, std::string &error) {
  Parser parser(text);
  return parser.parseDocument(out, error);
}

} // namespace tilerun
