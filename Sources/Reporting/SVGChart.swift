import Foundation

/// Small inline SVG charts for the HTML report (no scripts, no fonts fetched).
package enum SVGChart {
    static let width = 420.0, height = 260.0
    static let left = 46.0, right = 12.0, top = 40.0, bottom = 40.0
    static var plotW: Double { width - left - right }
    static var plotH: Double { height - top - bottom }

    private static func f(_ x: Double) -> String { String(format: "%.1f", x.isFinite ? x : 0) }

    private static func frame(_ title: String, xLabel: String, yLabel: String, body: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(f(width)) \(f(height))" width="\(f(width))" height="\(f(height))" role="img" aria-label="\(Markup.escape(title))">
        <text x="\(f(width / 2))" y="16" text-anchor="middle" class="t">\(Markup.escape(title))</text>
        <line x1="\(f(left))" y1="\(f(top + plotH))" x2="\(f(left + plotW))" y2="\(f(top + plotH))" class="ax"/>
        <line x1="\(f(left))" y1="\(f(top))" x2="\(f(left))" y2="\(f(top + plotH))" class="ax"/>
        <text x="\(f(left + plotW / 2))" y="\(f(height - 6))" text-anchor="middle" class="l">\(Markup.escape(xLabel))</text>
        <text x="12" y="\(f(top + plotH / 2))" text-anchor="middle" class="l" transform="rotate(-90 12 \(f(top + plotH / 2)))">\(Markup.escape(yLabel))</text>
        \(body)</svg>
        """
    }

    /// Y-axis ticks at 0, max/2, max.
    private static func yTicks(_ maxY: Double, format: (Double) -> String) -> String {
        [0, 0.5, 1].map { q in
            let y = top + plotH * (1 - q)
            return "<text x=\"\(f(left - 4))\" y=\"\(f(y + 4))\" text-anchor=\"end\" class=\"k\">\(format(maxY * q))</text><line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" class=\"g\"/>"
        }.joined()
    }

    /// Stacked bars: one group per label, one colour per series.
    static func stackedBars(title: String, labels: [String], series: [(name: String, color: String, values: [Int])], xLabel: String, yLabel: String) -> String {
        let n = max(1, labels.count)
        let totals = (0..<labels.count).map { i in series.reduce(0) { $0 + (i < $1.values.count ? $1.values[i] : 0) } }
        let maxY = Double(max(1, totals.max() ?? 1))
        let bw = plotW / Double(n)
        var body = yTicks(maxY) { String(Int($0.rounded())) }
        for i in 0..<labels.count {
            var base = 0.0
            for s in series {
                let v = Double(i < s.values.count ? s.values[i] : 0)
                guard v > 0 else { continue }
                let h = plotH * v / maxY
                body += "<rect x=\"\(f(left + Double(i) * bw + 1))\" y=\"\(f(top + plotH - base - h))\" width=\"\(f(bw - 2))\" height=\"\(f(h))\" fill=\"\(s.color)\"><title>\(Markup.escape(labels[i])): \(Int(v)) \(Markup.escape(s.name))</title></rect>"
                base += h
            }
            if labels.count <= 10 || i % 2 == 0 {
                body += "<text x=\"\(f(left + (Double(i) + 0.5) * bw))\" y=\"\(f(top + plotH + 12))\" text-anchor=\"middle\" class=\"k\">\(Markup.escape(labels[i]))</text>"
            }
        }
        body += legend(series.map { ($0.name, $0.color) })
        return frame(title, xLabel: xLabel, yLabel: yLabel, body: body)
    }

    /// Reliability diagram: accuracy per confidence bin against the diagonal of perfect calibration.
    static func reliability(title: String, bins: [(lower: Double, upper: Double, count: Int, accuracy: Double, meanConfidence: Double)]) -> String {
        var body = yTicks(1) { String(format: "%.1f", $0) }
        body += "<line x1=\"\(f(left))\" y1=\"\(f(top + plotH))\" x2=\"\(f(left + plotW))\" y2=\"\(f(top))\" class=\"d\"/>"
        for b in bins {
            let x = left + plotW * b.lower, w = plotW * (b.upper - b.lower)
            if b.count > 0 {
                let h = plotH * b.accuracy
                body += "<rect x=\"\(f(x + 1))\" y=\"\(f(top + plotH - h))\" width=\"\(f(w - 2))\" height=\"\(f(h))\" fill=\"#366092\" opacity=\"0.85\"><title>\(String(format: "%.1f–%.1f", b.lower, b.upper)): accuracy \(String(format: "%.2f", b.accuracy)), mean confidence \(String(format: "%.2f", b.meanConfidence)), \(b.count) images</title></rect>"
                body += "<circle cx=\"\(f(left + plotW * b.meanConfidence))\" cy=\"\(f(top + plotH * (1 - b.meanConfidence)))\" r=\"3\" fill=\"#E53935\"/>"
            }
            body += "<text x=\"\(f(x + w / 2))\" y=\"\(f(top + plotH + 12))\" text-anchor=\"middle\" class=\"k\">\(String(format: "%.1f", b.lower))</text>"
        }
        body += legend([("accuracy", "#366092"), ("mean confidence", "#E53935")])
        return frame(title, xLabel: "top-candidate confidence", yLabel: "top-1 accuracy", body: body)
    }

    /// Empirical CDF as a step line.
    static func cdf(title: String, points: [(ms: Double, fraction: Double)]) -> String {
        let maxX = max(1, points.last?.ms ?? 1)
        var body = yTicks(1) { String(format: "%.1f", $0) }
        for q in [0.0, 0.5, 1] {
            body += "<text x=\"\(f(left + plotW * q))\" y=\"\(f(top + plotH + 12))\" text-anchor=\"middle\" class=\"k\">\(String(format: "%.0f", maxX * q))</text>"
        }
        if !points.isEmpty {
            var d = "M\(f(left)),\(f(top + plotH))"
            var prev = 0.0
            for p in points {
                let x = left + plotW * p.ms / maxX
                d += " L\(f(x)),\(f(top + plotH * (1 - prev))) L\(f(x)),\(f(top + plotH * (1 - p.fraction)))"
                prev = p.fraction
            }
            body += "<path d=\"\(d)\" fill=\"none\" stroke=\"#366092\" stroke-width=\"2\"/>"
        }
        return frame(title, xLabel: "milliseconds per image", yLabel: "share of images", body: body)
    }

    /// Lines over categorical x positions (`xLabels`), y from 0 to `yMax` (100 %); a `nil` value
    /// leaves a gap. Each point carries a tooltip (`note`, when given, is added to it).
    package static func lines(title: String, xLabels: [String], series: [(name: String, color: String, values: [Double?])], xLabel: String, yLabel: String,
                              yMax: Double = 100, unit: String = "%", note: (Int) -> String? = { _ in nil }) -> String {
        // Inset from both ends so the first and last labels are not cut.
        let n = max(1, xLabels.count - 1), inset = 20.0
        func x(_ i: Int) -> Double { left + inset + (plotW - 2 * inset) * Double(i) / Double(n) }
        let yMax = yMax > 0 && yMax.isFinite ? yMax : 100
        func y(_ v: Double) -> Double { top + plotH * (1 - max(0, min(yMax, v)) / yMax) }
        var body = yTicks(yMax) { String(format: yMax < 10 ? "%.2f" : "%.0f", $0) + unit }
        for (i, label) in xLabels.enumerated() {
            body += "<text x=\"\(f(x(i)))\" y=\"\(f(top + plotH + 12))\" text-anchor=\"middle\" class=\"k\">\(Markup.escape(label))</text>"
        }
        for s in series {
            var d = "", pen = "M"
            for (i, v) in s.values.enumerated() {
                guard let v else { pen = "M"; continue }
                d += "\(pen)\(f(x(i))),\(f(y(v))) "
                pen = "L"
            }
            body += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"/>"
            for (i, v) in s.values.enumerated() {
                guard let v, i < xLabels.count else { continue }
                body += "<circle cx=\"\(f(x(i)))\" cy=\"\(f(y(v)))\" r=\"3\" fill=\"\(s.color)\"><title>\(Markup.escape(s.name)) at \(Markup.escape(xLabels[i])): \(String(format: yMax < 10 ? "%.3f" : "%.1f", v)) \(unit)\(note(i).map { " — " + Markup.escape($0) } ?? "")</title></circle>"
            }
        }
        if series.count > 1 { body += legend(series.map { ($0.name, $0.color) }) }
        return frame(title, xLabel: xLabel, yLabel: yLabel, body: body)
    }

    private static func legend(_ items: [(String, String)]) -> String {
        var x = left + 8
        var out = ""
        for (name, color) in items {
            out += "<rect x=\"\(f(x))\" y=\"\(f(top - 16))\" width=\"10\" height=\"10\" fill=\"\(color)\"/><text x=\"\(f(x + 14))\" y=\"\(f(top - 7))\" class=\"k\">\(Markup.escape(name))</text>"
            x += 22 + Double(name.count) * 6
        }
        return out
    }
}
