import CLI
import Testing

@Suite struct ColorChoiceTests {
  @Test(
    "--color auto colours a terminal unless NO_COLOR is set and not empty, or TERM is dumb",
    arguments: [
      (true, nil, nil, true), (true, "", nil, true), (true, "1", nil, false), (true, "0", nil, false),
      (true, "false", "xterm-256color", false), (true, nil, "dumb", false), (true, "", "dumb", false),
      (true, nil, "xterm", true), (true, nil, "", true), (true, nil, "dumb-ish", true),
      (false, nil, nil, false), (false, "", "xterm", false),
    ] as [(Bool, String?, String?, Bool)])
  func auto(outputIsTerminal: Bool, noColor: String?, term: String?, expected: Bool) {
    #expect(
      ColorChoice.auto.isEnabled(outputIsTerminal: outputIsTerminal, noColor: noColor, term: term) == expected
    )
  }

  @Test(
    "--color always and never do not look at the terminal or the environment",
    arguments: [(true, nil, nil), (false, "1", "dumb"), (true, "1", "dumb"), (false, "", nil)]
      as [(Bool, String?, String?)])
  func explicit(outputIsTerminal: Bool, noColor: String?, term: String?) {
    #expect(ColorChoice.always.isEnabled(outputIsTerminal: outputIsTerminal, noColor: noColor, term: term))
    #expect(!ColorChoice.never.isEnabled(outputIsTerminal: outputIsTerminal, noColor: noColor, term: term))
  }

  @Test("An empty NO_COLOR does not turn colour off; a non-empty one does (no-color.org)")
  func emptyNoColor() {
    #expect(ColorChoice.environmentAllowsColor(noColor: nil, term: nil))
    #expect(ColorChoice.environmentAllowsColor(noColor: "", term: nil))
    #expect(!ColorChoice.environmentAllowsColor(noColor: "1", term: nil))
    #expect(!ColorChoice.environmentAllowsColor(noColor: " ", term: nil))
    #expect(!ColorChoice.environmentAllowsColor(noColor: nil, term: "dumb"))
  }

  @Test(
    "Labels on standard error are coloured only on a terminal, and as --color and the environment allow",
    arguments: [
      (ColorChoice.auto, true, nil, nil, true), (.auto, true, "", nil, true), (.auto, true, "1", nil, false),
      (.auto, true, nil, "dumb", false), (.auto, false, nil, nil, false),
      (.always, true, "1", "dumb", true), (.always, false, nil, nil, false),
      (.never, true, nil, nil, false), (.never, false, nil, nil, false),
    ] as [(ColorChoice, Bool, String?, String?, Bool)])
  func labels(choice: ColorChoice, errorIsTerminal: Bool, noColor: String?, term: String?, expected: Bool) {
    #expect(choice.colorsLabels(errorIsTerminal: errorIsTerminal, noColor: noColor, term: term) == expected)
  }
}
