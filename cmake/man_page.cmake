# Writes the gpulint(1) man page from what the built binary says: `--help`
# (the option table) and `rules` (the embedded rule documents), so the page
# cannot drift from the program. Run with -DGPULINT=<binary> -DOUT=<file>
# -DVERSION=<x.y.z>.
execute_process(COMMAND ${GPULINT} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc1)
execute_process(COMMAND ${GPULINT} rules OUTPUT_VARIABLE rules RESULT_VARIABLE rc2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "man page: ${GPULINT} --help/rules failed")
endif()

# Text shown verbatim in roff: escape backslashes, and protect lines that
# start with '.' or '\'' (roff requests) with the zero-width \&.
function(roff_verbatim text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

roff_verbatim("${help}" help)
roff_verbatim("${rules}" rules)
file(WRITE ${OUT} ".TH GPULINT 1 \"\" \"gpulint ${VERSION}\" \"User Commands\"
.SH NAME
gpulint \\- find the anti-patterns that leave GPUs idle in training jobs
.SH SYNOPSIS
.B gpulint check
[\\fIPATH\\fR...] [\\fIoptions\\fR]
.SH DESCRIPTION
.nf
${help}.fi
.SH RULES
Run \\fBgpulint explain\\fR \\fIGPUxxx\\fR for a rule's full document.
.PP
.nf
${rules}.fi
.SH FILES
.TP
.I .gpulint.yaml
settings, found in the analysed folder or the nearest parent.
")
