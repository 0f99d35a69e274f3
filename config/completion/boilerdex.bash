# bash completion for the boilerdex tools. Options and subcommands are read from the tool's
# own --help (and its subcommand's), so they follow the tool's option definitions with no
# list to keep in step. Installed as share/bash-completion/completions/<tool> for each tool;
# or source this file.

_boilerdex_help_lines() {  # TOOL [SUBCOMMAND]: the help text, empty when the tool fails
  "$@" --help 2>/dev/null
}

_boilerdex() {
  local cur=${COMP_WORDS[COMP_CWORD]} tool=${COMP_WORDS[0]} sub="" word i
  local subs
  subs=$(_boilerdex_help_lines "$tool" | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}')
  for ((i = 1; i < COMP_CWORD; ++i)); do
    for word in $subs; do
      [[ ${COMP_WORDS[i]} == "$word" ]] && sub=$word
    done
  done
  if [[ $cur == -* ]]; then
    local options
    # CLI11 lists an option as "  -o,--output TEXT   description".
    # shellcheck disable=SC2086 # no subcommand: no word
    options=$(_boilerdex_help_lines "$tool" $sub | sed -n 's/^  \(-[^ ]*\).*/\1/p' | tr ',' '\n')
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
  elif [[ -z $sub && -n $subs ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur"; compgen -f -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
}

complete -o filenames -F _boilerdex boilerdex-extract boilerdex-index boilerdex-search boilerdex-trec \
  boilerdex-omindex-filter boilerdex-train boilerdex-boilernet
