# Writes the bash completion of gpulint from what the built binary says:
# the options of `--help` (the option table) and the rule ids of `rules`.
# Run with -DGPULINT=<binary> -DOUT=<file>.
execute_process(COMMAND ${GPULINT} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc1)
execute_process(COMMAND ${GPULINT} rules --format json OUTPUT_VARIABLE rules RESULT_VARIABLE rc2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "completion: ${GPULINT} --help/rules failed")
endif()
string(REGEX MATCHALL "(^|[ \n])--?[a-z][a-z-]*" found "${help}")
set(options "")
foreach(o IN LISTS found)
  string(STRIP "${o}" o)
  list(APPEND options "${o}")
endforeach()
list(REMOVE_DUPLICATES options)
list(JOIN options " " options)
string(REGEX MATCHALL "\"id\": \"GPU[0-9]+\"" ids "${rules}")
string(REGEX REPLACE "\"id\": \"(GPU[0-9]+)\"" "\\1" ids "${ids}")
list(JOIN ids " " ids)
file(WRITE ${OUT} "# bash completion for gpulint (generated from `gpulint --help` and `gpulint rules`)
_gpulint() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  case \"\$prev\" in
    --format) COMPREPLY=(\$(compgen -W 'text sarif json github markdown' -- \"\$cur\")); return ;;
    --fail-on) COMPREPLY=(\$(compgen -W 'note warning error' -- \"\$cur\")); return ;;
    --select|--ignore|--extend-select|explain) COMPREPLY=(\$(compgen -W '${ids}' -- \"\$cur\")); return ;;
    -o|--output|--config|--baseline|--write-baseline) COMPREPLY=(\$(compgen -f -- \"\$cur\")); return ;;
    --compile-commands) COMPREPLY=(\$(compgen -d -- \"\$cur\")); return ;;
  esac
  if [[ \$COMP_CWORD == 1 && \$cur != -* ]]; then
    COMPREPLY=(\$(compgen -W 'check rules explain lsp' -- \"\$cur\"))
  elif [[ \$cur == -* ]]; then
    COMPREPLY=(\$(compgen -W '${options}' -- \"\$cur\"))
  else
    COMPREPLY=(\$(compgen -f -- \"\$cur\"))
  fi
}
complete -o filenames -F _gpulint gpulint
")
