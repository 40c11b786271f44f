// Shell script -> command words with the script's own variables expanded
// (see shell_script.h).
#include "frontend/project/shell_script.h"

#include <map>
#include <optional>

#include "frontend/input_guard.h"
#include "frontend/ts/tree.h"

namespace gpulint::project {

namespace {

using ts::Node;

// What the script last assigned to a variable: a token (unknown when not a
// literal we can read), or nothing when it never assigned it.
using Variables = std::map<std::string, ArgToken, std::less<>>;

ArgToken unknownAt(Node n) {
  ArgToken t;
  t.text = std::string(n.text());
  t.begin = n.begin();
  t.end = n.end();
  t.unknown = true;
  return t;
}

// Unquoted word text: a backslash keeps the next character.
std::string unescaped(std::string_view w) {
  std::string out;
  for (size_t i = 0; i < w.size(); ++i) {
    if (w[i] == '\\' && i + 1 < w.size()) ++i;
    out.push_back(w[i]);
  }
  return out;
}

// Text inside double quotes: `\"`, `\\`, `\$`, `` \` `` lose their backslash.
std::string doubleQuoted(std::string_view w) {
  std::string out;
  for (size_t i = 0; i < w.size(); ++i) {
    if (w[i] == '\\' && i + 1 < w.size() && std::string_view("\"\\$`").find(w[i + 1]) != std::string_view::npos) ++i;
    out.push_back(w[i]);
  }
  return out;
}

class Reader {
 public:
  Reader(const std::string& text, std::string script_name) : text_(text), script_name_(std::move(script_name)) {}

  ShellScript run(Node root) {
    ShellScript out;
    if (root.hasError()) {
      out.parse_error = true;
      out.error_line = firstErrorLine(root);
    }
    statements(root, true);
    out.words = std::move(words_);
    return out;
  }

 private:
  static uint32_t firstErrorLine(Node n) {
    if (n.isError() || n.isMissing()) return n.line();
    for (uint32_t i = 0; i < n.childCount(); ++i)
      if (Node c = n.child(i); c.hasError() || c.isMissing()) return firstErrorLine(c);
    return n.line();
  }

  // `straight`: the statement runs once, in order, when the script runs
  // (not in a branch, loop, pipeline, subshell or function body).
  void statements(Node n, bool straight) {
    for (Node c : n.namedChildren()) statement(c, straight);
  }

  void statement(Node n, bool straight) {
    std::string_view type = n.type();
    if (type == "variable_assignment") return assign(n, straight);
    if (type == "variable_assignments") return statements(n, straight);
    if (type == "declaration_command") return declaration(n, straight);
    if (type == "command") return command(n, straight);
    if (type == "redirected_statement") {
      if (Node body = n.field("body")) statement(body, straight);
      return;
    }
    if (type == "list") {  // `a && b`, `a || b`: the right side may not run
      bool first = true;
      for (Node c : n.namedChildren()) {
        statement(c, straight && first);
        first = false;
      }
      return;
    }
    if (type == "function_definition") {
      ++in_function_;
      statements(n, false);
      --in_function_;
      return;
    }
    if (type == "for_statement" || type == "c_style_for_statement" || type == "while_statement") forgetAssigned(n);
    if (type == "comment" || type == "test_command" || type == "heredoc_body") return;
    // Compound statements: if/case/loops/pipelines/subshells/`{ }` bodies.
    statements(n, straight && type == "compound_statement");
  }

  // A loop body assigns on later iterations too: its names are unknown throughout.
  void forgetAssigned(Node n) {
    if (n.is("variable_assignment"))
      if (Node name = n.field("name"); name && name.is("variable_name")) vars_[std::string(name.text())] = unknownAt(n);
    for (Node c : n.namedChildren()) forgetAssigned(c);
  }

  void assign(Node n, bool straight) {
    Node name = n.field("name");
    if (!name || !name.is("variable_name")) return;
    Node value = n.field("value");
    ArgToken v;
    if (!value) {
      v.begin = v.end = n.end();  // `X=`: the empty string
    } else {
      v = word(value);
    }
    if (!straight || in_function_) v.unknown = true;
    vars_[std::string(name.text())] = std::move(v);
  }

  // `export A=1 B`, `local X=2`, `declare -i N=4`.
  void declaration(Node n, bool straight) {
    std::vector<ShellWord> words;
    for (uint32_t i = 0; i < n.childCount(); ++i) {
      Node c = n.child(i);
      if (i == 0) words.push_back({unknownAt(c), false});
      if (!c.is("variable_assignment")) continue;
      assign(c, straight);
      words.push_back({assignmentWord(c), false});
    }
    words.front().token.unknown = false;
    emit(std::move(words));
  }

  // `NAME=value` as one word, for launch.h's env prefixes and exports.
  ArgToken assignmentWord(Node assignment) {
    ArgToken w = unknownAt(assignment);
    Node name = assignment.field("name");
    auto it = vars_.find(name ? name.text() : std::string_view());
    w.text = std::string(name.text()) + "=" + (it != vars_.end() ? it->second.text : std::string());
    w.unknown = it == vars_.end() || it->second.unknown;
    return w;
  }

  void command(Node n, bool straight) {
    std::vector<ShellWord> words;
    for (uint32_t i = 0; i < n.childCount(); ++i) {
      Node c = n.child(i);
      std::string_view field = n.fieldNameOfChild(i);
      if (field == "redirect" || !c.isNamed()) continue;
      if (c.is("variable_assignment")) {  // `VAR=x cmd`: for this command only
        ArgToken w = unknownAt(c);
        Node name = c.field("name"), value = c.field("value");
        ArgToken v = value ? word(value) : ArgToken{};
        w.text = std::string(name.text()) + "=" + v.text;
        w.unknown = v.unknown;
        words.push_back({std::move(w), false});
        continue;
      }
      if (c.is("command_name")) c = c.namedChildCount() ? c.namedChild(0) : c;
      words.push_back({word(c), false});
    }
    // `: ${N:=8}` assigns N its default.
    if (!words.empty() && words.front().token.text == ":")
      for (Node c : n.namedChildren()) assignDefaults(c, straight);
    emit(std::move(words));
  }

  void assignDefaults(Node n, bool straight) {
    if (n.is("expansion") && operatorOf(n) == ":=") {
      Node name = n.namedChildCount() ? n.namedChild(0) : Node();
      if (name && name.is("variable_name") && !vars_.count(name.text())) {
        ArgToken v = defaultValue(n);
        if (!straight || in_function_) v.unknown = true;
        vars_[std::string(name.text())] = std::move(v);
      }
      return;
    }
    for (Node c : n.namedChildren()) assignDefaults(c, straight);
  }

  void emit(std::vector<ShellWord> words) {
    if (words.empty()) return;
    for (ShellWord& w : words) words_.push_back(std::move(w));
    ShellWord end;
    end.is_operator = true;
    end.token.text = ";";
    words_.push_back(std::move(end));
  }

  // --- words ---

  ArgToken word(Node n) {
    std::string_view type = n.type();
    ArgToken t = unknownAt(n);
    t.unknown = false;
    if (type == "word" || type == "number") t.text = unescaped(n.text());
    else if (type == "raw_string") t.text = std::string(n.text().substr(1, n.text().size() - 2));
    else if (scriptPathExpansion(n)) t.text = "./" + script_name_;
    else if (type == "simple_expansion" || type == "expansion") return expansion(n);
    else if (type == "command_substitution") return substitution(n);
    else if (type == "string" || type == "concatenation") return parts(n);
    else t.unknown = true;  // $(...), $((...)), $'...', {a,b}, arrays, globs we do not expand
    return t;
  }

  // A quoted string or a concatenation: its parts in order, literal text
  // between them as written. One expansion alone is that expansion.
  ArgToken parts(Node n) {
    bool quoted = n.is("string");
    uint32_t inner_begin = n.begin() + (quoted ? 1 : 0);
    uint32_t inner_end = n.end() - (quoted && n.end() > n.begin() + 1 ? 1 : 0);
    std::vector<Node> pieces;
    for (Node c : n.namedChildren())
      if (!c.is("string_content") && !c.is("word")) pieces.push_back(c);  // literal text is read between pieces
    if (pieces.size() == 1 && pieces[0].begin() == inner_begin && pieces[0].end() == inner_end) return word(pieces[0]);
    ArgToken t = unknownAt(n);
    t.unknown = false;
    t.text.clear();
    uint32_t at = inner_begin;
    auto literal = [&](uint32_t end) {
      std::string_view raw(text_.data() + at, end > at ? end - at : 0);
      t.text += quoted ? doubleQuoted(raw) : unescaped(raw);
    };
    for (Node c : pieces) {
      literal(c.begin());
      ArgToken piece = word(c);
      t.text += piece.text;
      t.unknown = t.unknown || piece.unknown;
      at = c.end();
    }
    literal(inner_end);
    // `--nproc_per_node=$NGPUS`: literal text, then one variable written
    // elsewhere. The value's bytes are the variable's, so that findings and
    // fixes land on its assignment (the option's text stays the whole word).
    if (pieces.size() == 1 && pieces[0].end() == inner_end && !t.unknown) {
      ArgToken value = word(pieces[0]);
      if (value.begin < n.begin() || value.end > n.end()) {
        t.begin = value.begin;
        t.end = value.end;
      }
    }
    return t;
  }

  // `$0`, `${0}`, `${BASH_SOURCE[0]}`, `$BASH_SOURCE`: the script itself,
  // written relative to its own folder (paths resolve from there).
  static bool scriptPathExpansion(Node n) {
    std::string_view t = n.text();
    return t == "$0" || t == "${0}" || t == "${BASH_SOURCE[0]}" || t == "$BASH_SOURCE" || t == "${BASH_SOURCE}";
  }

  // The script-folder idioms: `$(dirname "$0")`, `$(cd "$(dirname "$0")" && pwd)`,
  // `$(cd -- "$(dirname ...)" >/dev/null 2>&1; pwd -P)`, `$(dirname $DIR)`.
  // Any other command's output is unknown.
  ArgToken substitution(Node n) {
    std::vector<Node> commands;
    collectCommands(n, commands);
    ArgToken out = unknownAt(n);
    for (Node c : commands) {
      std::vector<Node> words;
      for (Node w : c.namedChildren())
        if (!w.is("file_redirect")) words.push_back(w);
      std::string name = words.empty() ? "" : std::string(words[0].text());
      std::vector<Node> args;
      for (size_t i = 1; i < words.size(); ++i)
        if (words[i].text() != "--" && !words[i].text().starts_with("-")) args.push_back(words[i]);
      if (name == "pwd" && args.empty()) continue;  // prints the folder `cd` chose
      if ((name != "dirname" && name != "cd") || args.size() != 1) return unknownAt(n);
      ArgToken arg = word(args[0]);
      if (arg.unknown) return unknownAt(n);
      out.text = name == "cd" ? arg.text : parentOf(arg.text);
      out.unknown = false;
    }
    return out;
  }

  static void collectCommands(Node n, std::vector<Node>& out) {
    for (Node c : n.namedChildren()) {
      if (c.is("command")) out.push_back(c);
      else if (c.is("list") || c.is("redirected_statement")) collectCommands(c, out);
      else if (!c.is("file_redirect")) out.push_back(c);  // anything else: not an idiom we read
    }
  }

  // dirname: "./run.sh" -> ".", "." -> "..", "a/b" -> "a".
  static std::string parentOf(const std::string& p) {
    if (p == "." || p.ends_with("/..") || p == "..") return p + "/..";
    size_t slash = p.rfind('/');
    return slash == std::string::npos ? "." : p.substr(0, slash);
  }

  static std::string_view operatorOf(Node expansion) {
    for (uint32_t i = 0; i < expansion.childCount(); ++i)
      if (expansion.fieldNameOfChild(i) == "operator") return expansion.child(i).type();
    return "";
  }

  // The default word of `${X:-default}`: what follows the operator.
  ArgToken defaultValue(Node n) {
    std::vector<Node> after;
    bool seen = false;
    for (uint32_t i = 0; i < n.childCount(); ++i) {
      if (n.fieldNameOfChild(i) == "operator") { seen = true; continue; }
      if (seen && n.child(i).isNamed()) after.push_back(n.child(i));
    }
    if (after.empty()) {  // `${X:-}`
      ArgToken t = unknownAt(n);
      t.text.clear();
      t.unknown = false;
      return t;
    }
    if (after.size() == 1) return word(after[0]);
    return unknownAt(n);
  }

  // `$X`, `${X}`, `${X:-default}`/`${X-default}`/`${X:=default}`.
  ArgToken expansion(Node n) {
    Node name = n.namedChildCount() ? n.namedChild(0) : Node();
    if (!name || !name.is("variable_name") || in_function_) return unknownAt(n);
    std::string_view op = n.is("expansion") ? operatorOf(n) : "";
    auto it = vars_.find(name.text());
    bool is_default = op == ":-" || op == "-" || op == ":=" || op == "=";
    if (!op.empty() && !is_default) return unknownAt(n);  // ${#X}, ${X%.py}, ${X/a/b}...
    if (it == vars_.end()) return is_default ? defaultValue(n) : unknownAt(n);
    if (it->second.unknown) return unknownAt(n);
    if (op.starts_with(":") && it->second.text.empty()) return defaultValue(n);
    return it->second;
  }

  const std::string& text_;
  std::string script_name_;  // the file name, for `$0`
  Variables vars_;
  std::vector<ShellWord> words_;
  int in_function_ = 0;
};

}  // namespace

namespace {

// `python train.py \` as the script's last line: bash ends the command at the
// end of the file, tree-sitter-bash reports an error. The backslash becomes a
// space (same length, so every node's bytes still index the file's text).
std::string withoutContinuationAtEnd(std::string_view text) {
  std::string out(text);
  size_t last = out.find_last_not_of(" \t\r\n");
  if (last != std::string::npos && out[last] == '\\' && (last == 0 || out[last - 1] != '\\')) out[last] = ' ';
  return out;
}

}  // namespace

ShellScript readShellScript(const SourceFile& file) {
  ts::Parser parser(tree_sitter_bash());
  ts::Tree tree = parser.parse(withoutContinuationAtEnd(file.text()));
  if (!tree.raw()) {
    ShellScript failed;
    failed.parse_error = true;
    failed.error_line = 1;
    return failed;
  }
  if (std::string why = treeDepthProblem(tree); !why.empty()) {
    ShellScript refused;
    refused.refused = why;
    return refused;
  }
  std::string_view path = file.path();
  std::string name(path.substr(path.find_last_of('/') == std::string_view::npos ? 0 : path.find_last_of('/') + 1));
  return Reader(file.text(), name).run(tree.root());
}

}  // namespace gpulint::project
