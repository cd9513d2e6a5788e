/// The completion scripts of bash, zsh and fish, made from the one table of options
/// (``CommandLineOption/all``): `txreport --completions SHELL` prints one.
///
/// Each completes the option names (long and short), the words of an option that takes one of
/// a few (`--format ` completes to `text`, `json`, `markdown`, `html`), and file names for an
/// option that takes a file.
package enum ShellCompletion {
  /// The shells there is a script for.
  package enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// The completion script of a shell.
  ///
  /// - Parameter shell: The shell.
  /// - Returns: The script, ending with a line break.
  package static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  private static let options = CommandLineOption.all

  /// Every name of the options that take a value of this kind, as a `case` pattern:
  /// `--format|-f`.
  private static func pattern(_ options: [CommandLineOption]) -> String {
    options.flatMap { [$0.name] + [$0.shortName].compactMap { $0 } }.joined(separator: "|")
  }

  private static var bash: String {
    let names = options.flatMap { [$0.name] + [$0.shortName].compactMap { $0 } }.joined(separator: " ")
    var cases = ""
    for option in options {
      guard let value = option.value else { continue }
      let names = pattern([option])
      switch value {
      case .choice(_, let words):
        cases +=
          "    \(names)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
      case .file:
        cases += "    \(names)) _txreport_files; return ;;\n"
      case .number, .text:
        cases += "    \(names)) COMPREPLY=(); return ;;\n"
      }
    }
    return """
      # bash completion for txreport, made by `txreport --completions bash`.

      # File names whole, as a glob gives them: never split at spaces or line breaks, never
      # expanded again, never run (compgen's output would be split, and its words globbed). What
      # was typed is unquoted by hand (an opening quote, backslashes, ~/), with no eval.
      _txreport_files() {
        compopt -o filenames 2>/dev/null
        COMPREPLY=()
        local typed="$cur" plain="" name i failglob=0
        case "$typed" in
          \\'*) plain="${typed#\\'}" ;;
          *)
            [[ "$typed" == \\"* ]] && typed="${typed#\\"}"
            for ((i = 0; i < ${#typed}; i++)); do
              [[ "${typed:i:1}" == "\\\\" ]] && i=$((i + 1))
              plain+="${typed:i:1}"
            done
            ;;
        esac
        [[ "$plain" == "~/"* ]] && plain="$HOME/${plain#\"~/\"}"
        shopt -q failglob && failglob=1 && shopt -u failglob
        for name in "$plain"*; do
          [[ -e "$name" || -L "$name" ]] && COMPREPLY+=("$name")
        done
        ((failglob)) && shopt -s failglob
        return 0
      }

      _txreport() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev=""
        (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
        # bash splits --format=json at the '=': complete the value after it.
        if [[ "$cur" == "=" ]]; then
          cur=""
        elif [[ "$prev" == "=" ]] && (( COMP_CWORD > 1 )); then
          prev="${COMP_WORDS[COMP_CWORD-2]}"
        fi
        case "$prev" in
      \(cases)  esac
        COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
      }
      complete -F _txreport txreport

      """
  }

  /// Text made safe inside a zsh `_arguments` description, between `[` and `]`.
  private static func zshDescription(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "[]:\\".contains(character) { escaped.append("\\") }
      if character == "'" { escaped += "'\\''" } else { escaped.append(character) }
    }
    return escaped
  }

  private static var zsh: String {
    var specs: [String] = []
    for option in options {
      let description = "[" + zshDescription(option.summary) + "]"
      var action = ""
      switch option.value {
      case .choice(let placeholder, let words)?: action = ":\(placeholder):(\(words.joined(separator: " ")))"
      case .file(let placeholder)?: action = ":\(placeholder):_files"
      case .number(let placeholder)?, .text(let placeholder)?: action = ":\(zshDescription(placeholder)): "
      case nil: break
      }
      let takesValue = option.value != nil
      let long = option.name + (takesValue ? "=" : "")
      if let short = option.shortName {
        let exclusion = "(\(short) \(option.name))"
        specs.append("'\(exclusion)'{\(short)\(takesValue ? "+" : ""),\(long)}'\(description)\(action)'")
      } else {
        specs.append("'\(long)\(description)\(action)'")
      }
    }
    return """
      #compdef txreport
      # zsh completion for txreport, made by `txreport --completions zsh`.
      _txreport() {
        _arguments -s \\
          \(specs.joined(separator: " \\\n    "))
      }
      if [ "$funcstack[1]" = "_txreport" ]; then
        _txreport "$@"
      else
        compdef _txreport txreport
      fi

      """
  }

  /// Text made safe inside single quotes in fish.
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }

  private static var fish: String {
    var lines = [
      "# fish completion for txreport, made by `txreport --completions fish`.",
      "complete -c txreport -f",
    ]
    for option in options {
      var line = "complete -c txreport"
      if let short = option.shortName { line += " -s \(short.dropFirst())" }
      line += " -l \(option.bareName)"
      switch option.value {
      case .choice(_, let words)?: line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
      case .file?: line += " -r -F"
      case .number?, .text?: line += " -x"
      case nil: break
      }
      lines.append(line + " -d \(fishQuoted(option.summary))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string with every occurrence of `target` replaced, without Foundation.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
