#pragma once
// The language server: lifecycle, open documents, settings, and dispatch of
// JSON-RPC messages to the pure features. It never touches a socket: frames
// go in through receive(), outgoing messages leave through the Sender.
//
// Queue discipline: the transport hands over every frame already available,
// then calls process(). Requests run in order; a $/cancelRequest for a request
// still queued answers it with RequestCancelled instead. Document changes are
// applied as they come, and each changed document is analysed once per
// process() -- so a burst of keystrokes costs one analysis (the debounce).
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/project/settings.h"
#include "lsp/document.h"
#include "lsp/transport.h"
#include "lsp/workspace.h"

namespace gpulint::lsp {

class Server {
 public:
  using Sender = std::function<void(const json&)>;
  explicit Server(Sender send) : send_(std::move(send)) {}

  void receive(Frame frame);
  void process();

  [[nodiscard]] bool exited() const { return exited_; }
  // LSP: 0 when `exit` followed `shutdown`, else 1.
  [[nodiscard]] int exitCode() const { return shutdown_ ? 0 : 1; }
  [[nodiscard]] PositionEncoding encoding() const { return encoding_; }

 private:
  struct Queued {
    json message;
    bool cancelled = false;
  };

  void dispatch(const json& message);
  [[nodiscard]] json request(const std::string& method, const json& params);
  void notification(const std::string& method, const json& params);
  [[nodiscard]] json initialize(const json& params);
  void didOpen(const json& params);
  void didChange(const json& params);
  void didSave(const json& params);
  void didClose(const json& params);
  void didChangeConfiguration(const json& params);
  // server_workspace.cpp: folders, watched files, job linking around a document.
  void didChangeWorkspaceFolders(const json& params);
  void didChangeWatchedFiles(const json& params);
  void markDependents(const Document& doc);  // open scripts/jobs linked to doc
  [[nodiscard]] FileAnalysis analyzeInWorkspace(Document& doc, const RuleOptions& options);
  [[nodiscard]] std::vector<WorkspaceText> configsLaunching(const std::string& script_path);
  void settingsChanged();
  [[nodiscard]] Document& document(const json& text_document);
  void refresh(Document& doc);  // analyse now if dirty
  void publishDirty();
  [[nodiscard]] const Settings& settingsFor(const Document& doc);
  [[nodiscard]] const Settings& settingsForDir(const std::string& dir);
  void applyClientSettings(const json& settings);
  void showMessage(int type, const std::string& text);
  void respondError(const json& id, int code, const std::string& message);

  Sender send_;
  std::deque<Queued> queue_;
  bool initialized_ = false;
  bool shutdown_ = false;
  bool exited_ = false;
  PositionEncoding encoding_ = PositionEncoding::Utf16;
  std::map<std::string, Document> documents_;                  // by URI
  std::map<std::string, std::vector<Diagnostic>> findings_;   // by URI, filtered
  std::set<std::string> dirty_;                                // URIs to analyse
  std::map<std::string, Settings> settings_by_dir_;
  std::set<std::string> reported_settings_errors_;
  json client_settings_ = json::object();  // workspace/didChangeConfiguration "gpulint"
  Workspace workspace_;
};

// `gpulint lsp`: serves on stdin/stdout until `exit` or end of input.
[[nodiscard]] int serveStdio();

}  // namespace gpulint::lsp
