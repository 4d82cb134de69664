/// The value at `fraction` (0…1) of `sorted` (ascending, not empty), by
/// nearest rank from below: the figures' p50 and p99.
func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}
