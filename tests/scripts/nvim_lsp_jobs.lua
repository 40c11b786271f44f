-- Driven by nvim_lsp_jobs.sh: Neovim as the client of `gpulint lsp` with a
-- workspace folder holding job.yaml (launches train.py with --num-workers 0
-- and --eval-workers 2). The script's findings follow the job; the job's 0
-- carries GPU101; editing the job re-publishes both files.
local bin, dir = os.getenv("GPULINT_BIN"), os.getenv("LSP_WORKSPACE")
local passed, failed = 0, 0
local function check(cond, what)
  if cond then passed = passed + 1 else failed = failed + 1; io.stderr:write("FAIL: " .. what .. "\n") end
  return cond
end
local function finish()
  io.stderr:write(passed .. " passed, " .. failed .. " failed\n")
  vim.cmd(failed == 0 and "qall!" or "cquit 1")
end

-- Count publishes per URI (an empty publish leaves no diagnostic to wait for).
local published = {}
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published[result.uri] = (published[result.uri] or 0) + 1
  return default_publish(err, result, ctx, config)
end

vim.cmd("edit " .. vim.fn.fnameescape(dir .. "/train.py"))
local script = vim.api.nvim_get_current_buf()
local script_uri = vim.uri_from_bufnr(script)
local client_id = vim.lsp.start_client({ name = "gpulint", cmd = { bin, "lsp" }, root_dir = dir })
check(client_id ~= nil, "client started")
vim.lsp.buf_attach_client(script, client_id)
local got = vim.wait(20000, function() return (published[script_uri] or 0) >= 1 end, 50)
if not check(got, "train.py published within 20 s") then return finish() end
check(#vim.diagnostic.get(script) == 0, "train.py clean under its job (eval workers 2), got " .. #vim.diagnostic.get(script))

vim.cmd("edit " .. vim.fn.fnameescape(dir .. "/job.yaml"))
local job = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(job, client_id)
got = vim.wait(20000, function() return #vim.diagnostic.get(job) > 0 end, 50)
if not check(got, "job.yaml diagnostics within 20 s") then return finish() end
local d = vim.diagnostic.get(job)[1]
check(#vim.diagnostic.get(job) == 1, "one diagnostic in job.yaml")
check((d.code or ((d.user_data or {}).lsp or {}).code) == "GPU101", "GPU101 in the job")
check(d.lnum == 16 and d.col == 38, "on the job's \"0\" (17:39), got " .. d.lnum + 1 .. ":" .. d.col + 1)

-- The job now passes 4 workers: the finding clears.
vim.api.nvim_buf_set_text(job, 16, 39, 16, 40, { "4" })
check(vim.wait(20000, function() return #vim.diagnostic.get(job) == 0 end, 50), "job.yaml cleared after 0 -> 4")

-- The job launches another script: train.py falls back to its own defaults.
vim.api.nvim_buf_set_text(job, 15, 35, 15, 40, { "other" })
got = vim.wait(20000, function() return #vim.diagnostic.get(script) == 1 end, 50)
check(got, "train.py shows its --eval-workers default once the job no longer launches it")
local s = vim.diagnostic.get(script)[1]
check(s and s.lnum == 15, "on the eval loader's num_workers (line 16)")
vim.lsp.stop_client(client_id)
finish()
