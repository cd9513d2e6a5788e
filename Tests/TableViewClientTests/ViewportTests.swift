import Testing

@testable import TableViewClient

/// The scroll position: never past either end, whatever moves it.
@Suite struct ViewportTests {
  @Test("Scrolling stops at the top and at the line that puts the last line at the bottom")
  func clamped() {
    var viewport = Viewport(height: 10, lineCount: 100)
    viewport.scroll(by: -5)
    #expect(viewport.top == 0)
    viewport.scroll(by: 1000)
    #expect(viewport.top == 90)
    #expect(viewport.visibleLines == 90..<100)
    viewport.scroll(to: 42)
    #expect(viewport.top == 42)
  }

  @Test("A page is the height less two lines, so two lines stay in sight")
  func pages() {
    var viewport = Viewport(height: 10, lineCount: 100)
    viewport.scroll(pages: 1)
    #expect(viewport.top == 8)
    viewport.scroll(pages: 2)
    #expect(viewport.top == 24)
    viewport.scroll(pages: -1)
    #expect(viewport.top == 16)
    #expect(Viewport(height: 2, lineCount: 100).pageSize == 1)
  }

  @Test("A table shorter than the screen stays at the top and shows everything")
  func shortTable() {
    var viewport = Viewport(height: 10, lineCount: 4)
    viewport.scroll(by: 3)
    #expect(viewport.top == 0)
    #expect(viewport.visibleLines == 0..<4)
    #expect(viewport.showsEverything)
  }

  @Test("A taller screen pulls the top back so the last line stays at the bottom; a shorter keeps it")
  func resize() {
    var viewport = Viewport(height: 10, lineCount: 100)
    viewport.scroll(to: 90)
    viewport.resize(height: 30)
    #expect(viewport.top == 70)
    viewport.resize(height: 5)
    #expect(viewport.top == 70)
    viewport.resize(height: 0)
    #expect(viewport.height == 1)
  }

  @Test("Loading a table keeps the top within it")
  func reload() {
    var viewport = Viewport(height: 10, lineCount: 0)
    viewport.scroll(by: 5)
    #expect(viewport.top == 0)
    viewport.reload(lineCount: 50)
    viewport.scroll(by: 45)
    #expect(viewport.top == 40)
    viewport.reload(lineCount: 20)
    #expect(viewport.top == 10)
  }
}
