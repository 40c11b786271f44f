-- Driven by nvim_lsp.sh: a real editor as the client of `gpulint lsp`.
-- Opens the fixture, waits for gpulint's diagnostics, asks for code actions,
-- applies the preferred quick fix and checks the buffer and the diagnostics.
local bin, file = os.getenv("GPULINT_BIN"), os.getenv("LSP_FIXTURE")
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; io.stderr:write("FAIL: " .. what .. "\n") end
  return cond
end
local function finish()
  io.stderr:write(passed .. " passed, " .. failed .. " failed\n")
  vim.cmd(failed == 0 and "qall!" or "cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "gpulint", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h"),
})
check(client_id ~= nil, "client started")
vim.lsp.buf_attach_client(buf, client_id)

local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
if not check(got, "diagnostics published within 20 s") then return finish() end
local d = vim.diagnostic.get(buf)[1]
local lsp_d = (d.user_data or {}).lsp or {}
check(#vim.diagnostic.get(buf) == 1, "exactly one diagnostic")
check(d.source == "gpulint", "source is gpulint")
check((d.code or lsp_d.code) == "GPU205", "code GPU205")
check(d.lnum == 3, "on line 4 (def evaluate)")
check(d.severity == vim.diagnostic.severity.WARN, "warning severity")
-- No codeDescription: the build names no published home for the rule documents.
check(lsp_d.codeDescription == nil, "no codeDescription link to nowhere")
check(lsp_d.relatedInformation and #lsp_d.relatedInformation == 2, "relatedInformation (value chain)")

vim.api.nvim_win_set_cursor(0, { 4, 4 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = { lsp_d } }
local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 10000) or {}
local actions = {}
for _, r in pairs(responses) do for _, a in ipairs(r.result or {}) do table.insert(actions, a) end end
check(#actions == 4, "four code actions (fix, disable line, disable file, fix all), got " .. #actions)
local preferred
for _, a in ipairs(actions) do if a.isPreferred then preferred = a end end
check(actions[2] and actions[2].title == "Disable GPU205 for this line", "disable action offered")
check(actions[3] and actions[3].title == "Disable GPU205 for this file", "disable-file action offered")
check(actions[4] and actions[4].kind == "source.fixAll.gpulint", "fix-all source action offered")
if not check(preferred ~= nil, "a preferred quick fix") then return finish() end
check(preferred.title == "Add @torch.no_grad()", "fix title")
vim.lsp.util.apply_workspace_edit(preferred.edit, "utf-16")

local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
check(lines[4] == "@torch.no_grad()", "decorator inserted, got: " .. tostring(lines[4]))
check(lines[5] == "def evaluate(model, loader):", "def line kept")
local cleared = vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
check(cleared, "diagnostics cleared after the fix")

local hover_ok = false
vim.api.nvim_buf_set_lines(buf, 3, 4, false, {})  -- undo the fix: the finding returns
vim.wait(20000, function() return #vim.diagnostic.get(buf) == 1 end, 50)
vim.api.nvim_win_set_cursor(0, { 4, 2 })
local hovers = vim.lsp.buf_request_sync(buf, "textDocument/hover", vim.lsp.util.make_position_params(), 10000) or {}
for _, r in pairs(hovers) do
  if r.result and r.result.contents.value:find("GPU205") then hover_ok = true end
end
check(hover_ok, "hover shows the rule documentation")
vim.lsp.stop_client(client_id)
finish()
