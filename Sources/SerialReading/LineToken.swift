/// A token found on a read line, to become a region: where it is, how far its crop may reach,
/// and whether it is the line's last word.
struct LineToken {
    /// Read-pixel x limits of a token's crop from its neighbours.
    struct Limits: Hashable {
        /// Where the label before it ends.
        var anchorEnd: Int?
        /// Where the next word starts.
        var nextWord: Int?
        /// No neighbours known.
        static let none = Limits()
    }

    var value: ValueToken
    /// The line it was read on.
    var line: ReadLine
    var limits = Limits.none
    /// The token is the line's last word: its crop runs to the line's end.
    var toEnd = false
}
