// Splitting shell command text into words and operators (POSIX quoting,
// line continuations, comments, `$VAR` and `${{inputs.x}}` placeholders),
// with each word's file range taken through the YAML scalar's position map.
#include <cctype>

#include "frontend/project/launch.h"

namespace gpulint::project {

namespace {

class Splitter {
 public:
  Splitter(const config::ConfigValue& value, const Placeholders& inputs)
      : value_(value), text_(value.text), inputs_(inputs) {}

  std::vector<ShellWord> run() {
    while (i_ < text_.size()) step();
    endWord();
    return std::move(words_);
  }

 private:
  void step() {
    char c = text_[i_];
    if (c == '\\' && i_ + 1 < text_.size() && text_[i_ + 1] == '\n') { i_ += 2; return; }  // line continuation
    if (c == ' ' || c == '\t' || c == '\r') { endWord(); ++i_; return; }
    if (c == '#' && !in_word_) { while (i_ < text_.size() && text_[i_] != '\n') ++i_; return; }
    if (c == '\n' || c == ';' || c == '&' || c == '|') { operatorWord(); return; }
    if (c == '>' || c == '<') { redirect(); return; }
    startWord();
    if (c == '\\' && i_ + 1 < text_.size()) { current_.text.push_back(text_[i_ + 1]); i_ += 2; }
    else if (c == '\'') singleQuoted();
    else if (c == '"') doubleQuoted();
    else if (c == '$') dollar();
    else { current_.text.push_back(c); ++i_; }
    word_end_ = i_;
  }

  void startWord() {
    if (in_word_) return;
    in_word_ = true;
    word_begin_ = i_;
    current_ = ArgToken{};
  }

  void endWord() {
    if (!in_word_) return;
    in_word_ = false;
    auto [b, e] = value_.fileRange(static_cast<uint32_t>(word_begin_), static_cast<uint32_t>(word_end_));
    current_.begin = b;
    current_.end = e;
    words_.push_back({std::move(current_), false});
  }

  void emitOperator(std::string op, size_t begin, size_t end) {
    ShellWord w;
    w.is_operator = true;
    w.token.text = std::move(op);
    auto [b, e] = value_.fileRange(static_cast<uint32_t>(begin), static_cast<uint32_t>(end));
    w.token.begin = b;
    w.token.end = e;
    words_.push_back(std::move(w));
  }

  void operatorWord() {
    endWord();
    size_t begin = i_;
    char c = text_[i_++];
    std::string op(1, c);
    if ((c == '&' || c == '|') && i_ < text_.size() && text_[i_] == c) op.push_back(text_[i_++]);
    emitOperator(op == "\n" ? ";" : op, begin, i_);
  }

  // `> file`, `2>&1`, `>> log`: the operator ">" is followed by its target
  // word; ">&" needs none. A file-descriptor number before it is dropped.
  void redirect() {
    if (in_word_ && !current_.text.empty() &&
        current_.text.find_first_not_of("0123456789") == std::string::npos && word_end_ == i_)
      in_word_ = false;  // `2>`: the 2 is part of the redirect
    endWord();
    size_t begin = i_;
    ++i_;
    if (i_ < text_.size() && text_[i_] == '>') ++i_;
    if (i_ < text_.size() && text_[i_] == '&') {
      ++i_;
      while (i_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[i_])) || text_[i_] == '-')) ++i_;
      emitOperator(">&", begin, i_);
      return;
    }
    emitOperator(">", begin, i_);
  }

  void singleQuoted() {
    ++i_;
    while (i_ < text_.size() && text_[i_] != '\'') current_.text.push_back(text_[i_++]);
    if (i_ < text_.size()) ++i_;
  }

  void doubleQuoted() {
    ++i_;
    while (i_ < text_.size() && text_[i_] != '"') {
      char c = text_[i_];
      if (c == '\\' && i_ + 1 < text_.size() && std::string_view("\"\\$`\n").find(text_[i_ + 1]) != std::string_view::npos) {
        if (text_[i_ + 1] != '\n') current_.text.push_back(text_[i_ + 1]);
        i_ += 2;
      } else if (c == '$') {
        dollar();
      } else {
        current_.text.push_back(c);
        ++i_;
      }
    }
    if (i_ < text_.size()) ++i_;
  }

  // `${{inputs.x}}` resolves from the job's literal inputs; `$X`, `${X}`,
  // `$(cmd)` are unknown at lint time.
  void dollar() {
    if (text_.compare(i_, 3, "${{") == 0) {
      size_t close = text_.find("}}", i_ + 3);
      if (close != std::string::npos) {
        std::string name = trim(text_.substr(i_ + 3, close - i_ - 3));
        auto it = inputs_.find(name.rfind("inputs.", 0) == 0 ? name.substr(7) : std::string());
        if (it != inputs_.end()) current_.text += it->second;
        else { current_.text += text_.substr(i_, close + 2 - i_); current_.unknown = true; }
        i_ = close + 2;
        return;
      }
    }
    size_t start = i_++;
    if (i_ < text_.size() && (text_[i_] == '{' || text_[i_] == '(')) {
      char close = text_[i_] == '{' ? '}' : ')';
      size_t end = text_.find(close, i_);
      i_ = end == std::string::npos ? text_.size() : end + 1;
    } else {
      while (i_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[i_])) || text_[i_] == '_')) ++i_;
      if (i_ == start + 1) { current_.text.push_back('$'); return; }  // a lone `$`
    }
    current_.text += text_.substr(start, i_ - start);
    current_.unknown = true;
  }

  static std::string trim(std::string s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  }

  const config::ConfigValue& value_;
  const std::string& text_;
  const Placeholders& inputs_;
  std::vector<ShellWord> words_;
  ArgToken current_;
  bool in_word_ = false;
  size_t word_begin_ = 0, word_end_ = 0, i_ = 0;
};

bool isShell(std::string_view w) {
  size_t slash = w.rfind('/');
  std::string_view base = slash == std::string_view::npos ? w : w.substr(slash + 1);
  return base == "sh" || base == "bash" || base == "zsh" || base == "dash";
}

}  // namespace

std::vector<ShellWord> splitShell(const config::ConfigValue& value, const Placeholders& inputs) {
  return Splitter(value, inputs).run();
}

ShellFacts parseShellCommand(const config::ConfigValue& value, const Placeholders& inputs) {
  return readLaunches(splitShell(value, inputs), inputs);
}

ShellFacts parseArgvList(const std::vector<const config::ConfigValue*>& items, const Placeholders& inputs) {
  std::vector<ShellWord> words;
  for (size_t i = 0; i < items.size(); ++i) {
    const config::ConfigValue* item = items[i];
    if (!item || !item->isScalar()) return {};  // a nested structure: not an argv we understand
    // `bash -c "<script>"` / `sh -lc`: the script is shell text of its own.
    if (i >= 1 && isShell(words.empty() ? "" : words.front().token.text) && i + 1 < items.size() &&
        item->text.size() >= 2 && item->text[0] == '-' && item->text.find('c') != std::string::npos) {
      std::vector<ShellWord> inner = splitShell(*items[i + 1], inputs);
      return readLaunches(inner, inputs);
    }
    // Placeholders inside list items are substituted like in shell text.
    std::vector<ShellWord> one = splitShell(*item, inputs);
    ShellWord w;
    w.token.text = item->text;
    w.token.begin = item->begin;
    w.token.end = item->end;
    if (one.size() == 1 && !one[0].is_operator) {
      w.token.text = one[0].token.text;
      w.token.unknown = one[0].token.unknown;
    } else if (item->text.find('$') != std::string::npos) {
      w.token.unknown = true;
    }
    words.push_back(std::move(w));
  }
  return readLaunches(words, inputs);
}

}  // namespace gpulint::project
