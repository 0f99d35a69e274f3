# Writes one tool's man page with help2man, from the tool's own --help and --version (the
# option definitions the tool parses with), adding a SUBCOMMANDS section with each
# subcommand's --help. Run by the build (cmake/Boilerdex.cmake, boilerdex_man_page) as
#   cmake -DHELP2MAN=... -DTOOL=path/to/tool -DOUTPUT=tool.1 -P man_page.cmake
get_filename_component(tool_dir "${TOOL}" DIRECTORY)
get_filename_component(tool_name "${TOOL}" NAME)
# Run the tool by its bare name, so that its usage lines say "boilerdex-x", not a build path.
set(ENV{PATH} "${tool_dir}:$ENV{PATH}")

execute_process(COMMAND "${tool_name}" --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${tool_name} --help failed (${status})")
endif()
# The first line of CLI11's help is the tool's description: the man page's NAME line.
string(REGEX MATCH "^[^\n]*" description "${help}")
string(REGEX REPLACE "\\.$" "" description "${description}")

# Subcommands, as CLI11 lists them: "  name   description" lines after "Subcommands:".
set(include_text "")
string(FIND "${help}" "\nSubcommands:\n" at)
if(NOT at EQUAL -1)
  string(SUBSTRING "${help}" ${at} -1 listed)
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" names "${listed}")
  set(include_text "[SUBCOMMANDS]\n")
  foreach(line ${names})
    string(STRIP "${line}" sub)
    execute_process(COMMAND "${tool_name}" ${sub} --help OUTPUT_VARIABLE sub_help RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "${tool_name} ${sub} --help failed (${status})")
    endif()
    # roff: backslashes escaped, lines starting with . or ' protected.
    string(REPLACE "\\" "\\e" sub_help "${sub_help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" sub_help "${sub_help}")
    string(APPEND include_text ".SS ${sub}\n.nf\n${sub_help}.fi\n")
  endforeach()
endif()
# --version: its first line is the page's version; the libraries it names get a section of
# their own (help2man would fold them into the option list).
execute_process(COMMAND "${tool_name}" --version OUTPUT_VARIABLE version_text RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${tool_name} --version failed (${status})")
endif()
string(REGEX MATCH "^[^\n]*" version_line "${version_text}")
string(LENGTH "${version_line}" first_length)
string(SUBSTRING "${version_text}" ${first_length} -1 libraries)
string(STRIP "${libraries}" libraries)
string(REPLACE "\n" ", " libraries "${libraries}")
string(APPEND include_text "[VERSIONS]\nBuilt with ${libraries} (`${tool_name} --version`).\n")
string(APPEND include_text "[SEE ALSO]\nThe documentation of boilerdex: README.md and docs/*.md in its sources; "
  "the exit codes of every tool: docs/exit-codes.md.\n")
file(WRITE "${OUTPUT}.include" "${include_text}")

execute_process(COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --section 1 "--name=${description}"
  "--version-string=${version_line}"
  "--include=${OUTPUT}.include" "--output=${OUTPUT}" "${tool_name}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${tool_name} (${status})")
endif()
