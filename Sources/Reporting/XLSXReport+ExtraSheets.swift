import Evaluation
import Foundation

extension XLSXReport {
    /// `Evaluation`: headline figures, per-preset and per-device tables, accuracy vs coverage,
    /// character confusions and one detailed row per image.
    static func writeEvaluation(_ s: EvaluationSummary, _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        var w = XLSXSheetWriter(try wb.addSheet("Evaluation"))
        try w.put([.text("Metric"), .text("Value")], format: st.header)
        for (k, v) in HeadlineFigures(s).rows { try w.put([.text(k), .text(v)]) }
        for (title, slices) in [("Preset", s.perPreset), ("Device Type", s.perDevice)] {
            w.skip()
            try w.put([title, "Images", "Detected", "Hits", "Top-1 Hits", "Errors", "Detection %", "Accuracy %", "Top-1 %", "p50 ms", "p95 ms"].map { .text($0) }, format: st.header)
            for (k, b) in slices {
                try w.put([.text(k), .int(b.total), .int(b.detected), .int(b.hits), .int(b.top1Hits), .int(b.errors),
                           .number(Metrics.pct(b.detected, b.total), st.decimal), .number(Metrics.pct(b.hits, b.total), st.decimal),
                           .number(Metrics.pct(b.top1Hits, b.total), st.decimal),
                           .number(b.latency.percentileMs(50), st.decimal), .number(b.latency.percentileMs(95), st.decimal)])
            }
        }
        w.skip()
        try w.put(["Threshold", "Accepted", "Correct", "Coverage %", "Accuracy %"].map { .text($0) }, format: st.header)
        for p in s.accuracyVsCoverage {
            try w.put([.number(p.threshold, st.decimal), .int(p.accepted), .int(p.correct), .number(p.coveragePct, st.decimal), .number(p.accuracyPct, st.decimal)])
        }
        w.skip()
        try w.put(["Confusion (gt :: ocr)", "Count"].map { .text($0) }, format: st.header)
        for c in s.charConfusions { try w.put([.text(c.pair), .int(c.count)]) }
        w.skip()
        try w.put(["File", "Truth", "Top Candidate", "Confidence", "Hit (any)", "Top-1 Hit", "Stage", "Method", "Latency ms", "Candidates", "Error"].map { .text($0) }, format: st.header)
        for r in s.records {
            try w.put([.text(r.relativePath), .text(r.groundTruth ?? ""), .text(r.top?.text ?? ""),
                       .number(r.top?.confidence ?? 0, st.confidence),
                       .bool(r.hit, nil), .bool(r.top1Hit, nil), .text(r.top?.stage ?? ""), .text(r.top?.method ?? ""),
                       .number(r.latencyMs, st.decimal), .int(r.outcome.candidates.count),
                       .text(r.outcome.error.map { "\($0.kind): \($0.message)" } ?? "")])
        }
        try w.fitColumns()
    }

    /// `Latency`: a histogram of per-image latency (native column chart) and per-stage figures.
    static func writeLatency(_ s: EvaluationSummary, _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        let sheet = try wb.addSheet("Latency")
        var w = XLSXSheetWriter(sheet)
        try w.put(["Latency (ms)", "From ms", "To ms", "Images"].map { .text($0) }, format: st.header)
        let bins = s.latencyHistogram()
        for b in bins {
            try w.put([.text("\(Self.short(b.fromMs))–\(Self.short(b.toMs))"), .number(b.fromMs, st.decimal), .number(b.toMs, st.decimal), .int(b.count)])
        }
        let chart = try wb.addChart(.column)
        chart.addSeries(name: "Images", sheet: sheet, rows: 1...bins.count, categoryColumn: 0, valueColumn: 3, color: 0x366092)
        chart.titles("Per-image latency", x: "milliseconds", y: "images")
        w.skip()
        try w.put(["Stage", "Count", "Mean ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "Max ms"].map { .text($0) }, format: st.header)
        var stages = s.stageLatency.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        stages.insert(("(whole image)", s.latency), at: 0)
        for (name, l) in stages {
            try w.put([.text(name), .int(l.count), .number(l.meanMs, st.decimal), .number(l.percentileMs(50), st.decimal),
                       .number(l.percentileMs(90), st.decimal), .number(l.percentileMs(95), st.decimal),
                       .number(l.percentileMs(99), st.decimal), .number(l.maxMs, st.decimal)])
        }
        try w.fitColumns()
        try sheet.insert(chart, row: 1, col: 9)
    }

    /// `Confidence`: the confidence histogram (hits vs misses, stacked) and the reliability diagram.
    static func writeConfidence(_ s: EvaluationSummary, _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        let sheet = try wb.addSheet("Confidence")
        var w = XLSXSheetWriter(sheet)
        try w.put(["Confidence", "Hits", "Misses"].map { .text($0) }, format: st.header)
        let h = s.confidenceHistogram
        for i in 0..<10 {
            try w.put([.text(String(format: "%.1f–%.1f", h.bins[i], h.bins[i] + 0.1)), .int(h.hits[i]), .int(h.misses[i])])
        }
        let hist = try wb.addChart(.stackedColumn)
        hist.addSeries(name: "Hits", sheet: sheet, rows: 1...10, categoryColumn: 0, valueColumn: 1, color: 0x4CAF50)
        hist.addSeries(name: "Misses", sheet: sheet, rows: 1...10, categoryColumn: 0, valueColumn: 2, color: 0xE53935)
        hist.titles("Top-candidate confidence", x: "confidence", y: "images")

        w.skip()
        let first = w.row + 1
        try w.put(["Bin", "Images", "Mean Confidence", "Accuracy", "Perfect Calibration"].map { .text($0) }, format: st.header)
        for b in s.reliabilityBins {
            try w.put([.text(String(format: "%.1f–%.1f", b.lower, b.upper)), .int(b.count), .number(b.meanConfidence, st.confidence),
                       .number(b.accuracy, st.confidence), .number((b.lower + b.upper) / 2, st.confidence)])
        }
        try w.put([.text("ECE"), .blank, .number(s.ece, st.confidence)], format: st.bold)
        let rel = try wb.addChart(.line)
        rel.addSeries(name: "Accuracy", sheet: sheet, rows: first...(first + 9), categoryColumn: 0, valueColumn: 3, color: 0x366092)
        rel.addSeries(name: "Perfect calibration", sheet: sheet, rows: first...(first + 9), categoryColumn: 0, valueColumn: 4, color: 0x9E9E9E)
        rel.titles("Reliability (ECE \(String(format: "%.3f", s.ece)))", x: "confidence bin", y: "top-1 accuracy")
        rel.valueAxis(min: 0, max: 1)
        try w.fitColumns()
        try sheet.insert(hist, row: 1, col: 7)
        try sheet.insert(rel, row: 18, col: 7)
    }

    /// A number without trailing zeros (`12`, `2.5`).
    static func short(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(format: "%g", x)
    }
}
