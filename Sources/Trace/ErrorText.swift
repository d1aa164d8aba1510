/// An error's message as a diagram draws it: whole up to `shownCharacters`, else its
/// beginning and how long it was. A server's whole error page is one event; the legend
/// and the SVG would each have written it out in full, as values are not.
enum ErrorText {
    static let shownCharacters = 200

    static func shown(_ message: String) -> String {
        // Most messages are short: no need to count characters.
        guard message.utf8.count > shownCharacters else { return message }
        let beginning = message.wordPrefix(shownCharacters)
        guard beginning.endIndex != message.endIndex else { return message }
        // Cut at a word's end: the count after it says how long it was.
        return beginning + "… (\(message.count) characters)"
    }
}
