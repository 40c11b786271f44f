#include "lsp/server.h"

#include <csignal>
#include <filesystem>
#include <unistd.h>

#include "lsp/features.h"

namespace gpulint::lsp {

namespace {

// Same limit as files read from disk: bigger documents are not analysed.
constexpr size_t kMaxDocumentBytes = 20u << 20;

struct RpcError {
  int code;
  std::string message;
};

LspPosition positionFrom(const json& p) {
  return {p.at("line").get<uint32_t>(), p.at("character").get<uint32_t>()};
}

bool isSettingsFile(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  return name == ".gpulint.yaml" || name == ".gpulint.yml";
}

// A JSON-RPC id is a string or a number (null only in error replies).
bool validId(const json& id) { return id.is_string() || id.is_number_integer(); }

}  // namespace

void Server::respondError(const json& id, int code, const std::string& message) {
  send_({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Server::showMessage(int type, const std::string& text) {
  send_({{"jsonrpc", "2.0"}, {"method", "window/showMessage"}, {"params", {{"type", type}, {"message", text}}}});
}

void Server::receive(Frame frame) {
  if (!frame.body) {
    // The id of a malformed frame is unknowable: JSON-RPC answers with null.
    respondError(nullptr, frame.error_code, frame.error);
    return;
  }
  json& m = *frame.body;
  if (!m.is_object()) {
    respondError(nullptr, error_code::kInvalidRequest, "a JSON-RPC message must be an object (batches are not used by LSP)");
    return;
  }
  if (m.value("method", json()) == "$/cancelRequest" && m.contains("params") && m["params"].is_object()) {
    // Only a request still waiting in the queue can be cancelled; a finished
    // one has already been answered, which the protocol allows.
    json id = m["params"].value("id", json());
    for (auto& q : queue_)
      if (q.message.contains("method") && q.message.value("id", json()) == id) q.cancelled = true;
    return;
  }
  queue_.push_back({std::move(m), false});
}

void Server::process() {
  while (!queue_.empty() && !exited_) {
    Queued q = std::move(queue_.front());
    queue_.pop_front();
    if (q.cancelled)
      respondError(q.message["id"], error_code::kRequestCancelled, "request cancelled");
    else
      dispatch(q.message);
  }
  if (!exited_) publishDirty();
}

void Server::dispatch(const json& m) {
  bool is_request = m.contains("id");
  if (is_request && !validId(m["id"])) {
    respondError(nullptr, error_code::kInvalidRequest, "request id must be a string or an integer");
    return;
  }
  json id = is_request ? m["id"] : json();
  if (!m.contains("method")) {
    // A response to a server request: this server sends none, so nothing waits for it.
    if (!is_request) respondError(nullptr, error_code::kInvalidRequest, "message has neither method nor id");
    return;
  }
  const json& method = m["method"];
  const json params = m.value("params", json::object());
  if (!method.is_string() || m.value("jsonrpc", "") != "2.0" || !(params.is_object() || params.is_array())) {
    if (is_request) respondError(id, error_code::kInvalidRequest, "not a JSON-RPC 2.0 request");
    return;  // a malformed notification cannot be answered: skipped
  }
  std::string name = method.get<std::string>();
  try {
    if (is_request)
      send_({{"jsonrpc", "2.0"}, {"id", id}, {"result", request(name, params)}});
    else
      notification(name, params);
  } catch (const RpcError& e) {
    if (is_request) respondError(id, e.code, e.message);
    else showMessage(1, "gpulint: ignored " + name + ": " + e.message);
  } catch (const json::exception& e) {
    if (is_request) respondError(id, error_code::kInvalidParams, std::string("invalid params: ") + e.what());
    else showMessage(1, "gpulint: ignored " + name + ": invalid params: " + e.what());
  } catch (const std::exception& e) {
    if (is_request) respondError(id, error_code::kInternalError, e.what());
    else showMessage(1, "gpulint: internal error in " + name + ": " + e.what());
  }
}

json Server::request(const std::string& method, const json& params) {
  if (method == "initialize") {
    if (initialized_) throw RpcError{error_code::kInvalidRequest, "initialize was already called"};
    return initialize(params);
  }
  if (!initialized_) throw RpcError{error_code::kServerNotInitialized, "initialize first"};
  if (shutdown_) throw RpcError{error_code::kInvalidRequest, "the server is shut down"};
  if (method == "shutdown") {
    shutdown_ = true;
    return nullptr;
  }
  if (method == "textDocument/codeAction" || method == "textDocument/hover") {
    Document& doc = document(params.at("textDocument"));
    refresh(doc);  // answers must match the text the client sees now
    const auto& findings = findings_[doc.uri()];
    if (method == "textDocument/hover") return hover(doc, findings, positionFrom(params.at("position")), encoding_);
    const json& range = params.at("range");
    std::vector<std::string> only;
    const json context = params.value("context", json::object());
    if (context.is_object() && context.contains("only") && context["only"].is_array())
      for (const auto& kind : context["only"])
        if (kind.is_string()) only.push_back(kind.get<std::string>());
    return codeActions(doc, findings, positionFrom(range.at("start")), positionFrom(range.at("end")), encoding_,
                       only);
  }
  throw RpcError{error_code::kMethodNotFound, "method not found: " + method};
}

void Server::notification(const std::string& method, const json& params) {
  if (method == "exit") {
    exited_ = true;
    return;
  }
  if (!initialized_) return;  // LSP: notifications before initialize are dropped
  if (method == "textDocument/didOpen") didOpen(params);
  else if (method == "textDocument/didChange") didChange(params);
  else if (method == "textDocument/didSave") didSave(params);
  else if (method == "textDocument/didClose") didClose(params);
  else if (method == "workspace/didChangeConfiguration") didChangeConfiguration(params);
  else if (method == "workspace/didChangeWorkspaceFolders") didChangeWorkspaceFolders(params);
  else if (method == "workspace/didChangeWatchedFiles") didChangeWatchedFiles(params);
  // Anything else ("initialized", "$/setTrace", unknown ones) needs no action.
}

json Server::initialize(const json& params) {
  json encodings = params.value("capabilities", json::object()).value("general", json::object())
                       .value("positionEncodings", json::array());
  if (!encodings.is_array()) throw RpcError{error_code::kInvalidParams, "positionEncodings must be an array"};
  encoding_ = PositionEncoding::Utf16;  // the LSP default, always supported
  for (const auto& e : encodings)
    if (e == "utf-8") encoding_ = PositionEncoding::Utf8;
  if (params.contains("initializationOptions")) applyClientSettings(params["initializationOptions"]);
  workspace_.setFolders(foldersFromInitialize(params));
  initialized_ = true;
  return {{"capabilities",
           {{"positionEncoding", encoding_ == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
            {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
            {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix", "source.fixAll.gpulint"})}}},
            {"hoverProvider", true},
            {"workspace", {{"workspaceFolders", {{"supported", true}, {"changeNotifications", true}}}}}}},
          {"serverInfo", {{"name", "gpulint"}, {"version", GPULINT_VERSION}}}};
}

Document& Server::document(const json& text_document) {
  std::string uri = text_document.at("uri").get<std::string>();
  auto it = documents_.find(uri);
  if (it == documents_.end()) throw RpcError{error_code::kInvalidParams, "document is not open: " + uri};
  return it->second;
}

void Server::didOpen(const json& params) {
  const json& td = params.at("textDocument");
  std::string uri = td.at("uri").get<std::string>();
  std::string path = uriToPath(uri);
  if (path.empty()) path = uri;  // untitled:... documents still get a name
  documents_.erase(uri);
  auto [it, _] =
      documents_.emplace(uri, Document(uri, path, td.at("text").get<std::string>(), td.value("version", int64_t{0})));
  dirty_.insert(uri);
  markDependents(it->second);
}

void Server::didChange(const json& params) {
  Document& doc = document(params.at("textDocument"));
  doc.setVersion(params["textDocument"].value("version", doc.version()));
  markDependents(doc);  // what the old text linked to
  for (const auto& change : params.at("contentChanges")) {
    if (change.contains("range")) {
      const json& range = change["range"];
      doc.applyEdit(positionFrom(range.at("start")), positionFrom(range.at("end")),
                    change.at("text").get<std::string>(), encoding_);
    } else {
      doc.replaceText(change.at("text").get<std::string>());
    }
  }
  // C++/CUDA is compiled, not parsed incrementally: analysed on open and save only.
  if (doc.kind() != FileKind::Cxx) dirty_.insert(doc.uri());
  markDependents(doc);
}

void Server::didSave(const json& params) {
  Document& doc = document(params.at("textDocument"));
  if (params.contains("text")) doc.replaceText(params["text"].get<std::string>());
  dirty_.insert(doc.uri());
  if (isSettingsFile(doc.path())) {
    settingsChanged();
    return;
  }
  workspace_.fileChanged(doc.path());  // the saved text is now the disk's
  markDependents(doc);
}

void Server::settingsChanged() {
  // New selection, levels, options or excludes: every open document may change.
  settings_by_dir_.clear();
  reported_settings_errors_.clear();
  workspace_.setFolders(workspace_.folders());  // excludes may differ: walk again
  for (const auto& [uri, _] : documents_) dirty_.insert(uri);
}

void Server::didClose(const json& params) {
  std::string uri = params.at("textDocument").at("uri").get<std::string>();
  if (auto it = documents_.find(uri); it != documents_.end()) {
    Document closed = std::move(it->second);
    documents_.erase(it);
    markDependents(closed);  // linked documents fall back to the disk's text
  }
  findings_.erase(uri);
  dirty_.erase(uri);
  send_({{"jsonrpc", "2.0"},
         {"method", "textDocument/publishDiagnostics"},
         {"params", {{"uri", uri}, {"diagnostics", json::array()}}}});
}

void Server::didChangeConfiguration(const json& params) {
  applyClientSettings(params.value("settings", json::object()));
  settings_by_dir_.clear();
  for (const auto& [uri, _] : documents_) dirty_.insert(uri);
}

void Server::refresh(Document& doc) {
  if (!dirty_.erase(doc.uri())) return;
  std::vector<Diagnostic>& findings = findings_[doc.uri()];
  findings.clear();
  std::string file_error;  // a config that does not parse: shown in the file itself
  if (doc.text().size() > kMaxDocumentBytes) {
    showMessage(2, "gpulint: " + doc.path() + " is larger than 20 MiB; not analysed");
  } else {
    const Settings& settings = settingsFor(doc);
    FileAnalysis analysis = analyzeInWorkspace(doc, settings.options);
    bool config = doc.kind() == FileKind::Yaml || doc.kind() == FileKind::Json;
    if (config) file_error = analysis.error;
    else if (!analysis.error.empty()) showMessage(2, "gpulint: " + doc.path() + ": " + analysis.error);
    findings = filterFindings(analysis, settings);
  }
  send_({{"jsonrpc", "2.0"},
         {"method", "textDocument/publishDiagnostics"},
         {"params", publishParams(doc, findings, encoding_, file_error)}});
}

void Server::publishDirty() {
  std::vector<std::string> uris(dirty_.begin(), dirty_.end());
  for (const auto& uri : uris) {
    auto it = documents_.find(uri);
    if (it == documents_.end()) {
      dirty_.erase(uri);
      continue;
    }
    refresh(it->second);
  }
}

int serveStdio() {
  // A client that hangs up must end the server with an error, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  FdTransport transport(STDIN_FILENO, STDOUT_FILENO);
  Server server([&transport](const json& m) { (void)transport.write(m); });
  while (auto frame = transport.read()) {
    server.receive(std::move(*frame));
    while (auto more = transport.readIfReady()) server.receive(std::move(*more));
    server.process();
    if (server.exited()) break;
  }
  return server.exitCode();
}

}  // namespace gpulint::lsp
