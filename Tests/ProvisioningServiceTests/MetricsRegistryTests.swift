import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct MetricsRegistryTests {
    @Test func renderMatchesTheExpositionFormat() throws {
        let metrics = MetricsRegistry()
        let requests = try metrics.counter(
            "tpc_http_requests_total", help: "HTTP requests by route, method and status.",
            labelNames: ["route", "method", "status"])
        let latency = try metrics.histogram(
            "tpc_http_request_duration_seconds", help: "HTTP request latency.", labelNames: ["route"],
            buckets: [0.1, 0.5, 1])
        let connections = try metrics.gauge("tpc_connections", help: "Open connections.")
        let outcomes = try metrics.counter(
            "tpc_provisioning_outcomes_total",
            help: "Provisioning attempts by outcome.\nSecond line with a \\ backslash.", labelNames: ["outcome"])

        let provisioning = "/v1/issuers/{issuerId}/applepay/provisioning"
        requests.increment(labels: ["route": provisioning, "method": "POST", "status": "200"])
        requests.increment(labels: ["status": "200", "method": "POST", "route": provisioning])
        requests.increment(labels: ["route": "/healthz", "method": "GET", "status": "200"])
        for value in [0.0625, 0.5, 2] { latency.observe(value, labels: ["route": "/healthz"]) }
        connections.set(3)
        connections.add(-1)
        outcomes.increment(labels: ["outcome": "declined"])
        outcomes.increment(labels: ["outcome": "say \"hi\"\n"])

        let expected = String(decoding: try Fixtures.data("Metrics/expected.prom"), as: UTF8.self)
        #expect(metrics.render() == expected)
        #expect(MetricsRegistry.contentType == "text/plain; version=0.0.4; charset=utf-8")
    }

    @Test func advancingACounterRaisesItToACountKeptElsewhereAndNeverLowersIt() throws {
        let metrics = MetricsRegistry()
        let passes = try metrics.counter("passes_total", help: "Passes.", labelNames: ["kind"])
        passes.advance(to: 3, labels: ["kind": "background"])
        passes.advance(to: 2, labels: ["kind": "background"])
        passes.advance(to: .nan, labels: ["kind": "background"])
        #expect(passes.value(labels: ["kind": "background"]) == 3)
        passes.advance(to: 0, labels: ["kind": "failed"])
        passes.increment(labels: ["kind": "background"])
        passes.advance(to: 4, labels: ["kind": "background"])
        #expect(passes.value(labels: ["kind": "background"]) == 4)
        #expect(metrics.render().contains(#"passes_total{kind="failed"} 0"#))
    }

    @Test func advancingAHistogramCopiesADistributionKeptElsewhereAndNeverLowersIt() throws {
        let metrics = MetricsRegistry()
        let waits = try metrics.histogram("wait_seconds", help: "Waits.", buckets: [0.01, 0.1])
        waits.advance(bucketCounts: [3, 1, 0], sum: 0.2)
        waits.advance(bucketCounts: [2, 1, 0], sum: 0.1)
        waits.advance(bucketCounts: [3, 1], sum: 9)
        #expect(waits.count() == 4)
        waits.advance(bucketCounts: [3, 2, 1], sum: 1.5)
        let text = metrics.render()
        #expect(text.contains(#"wait_seconds_bucket{le="0.01"} 3"#))
        #expect(text.contains(#"wait_seconds_bucket{le="0.1"} 5"#))
        #expect(text.contains(#"wait_seconds_bucket{le="+Inf"} 6"#))
        #expect(text.contains("wait_seconds_sum 1.5\n"))
        #expect(text.contains("wait_seconds_count 6\n"))
    }

    @Test func defaultLatencyBucketsSpanFiveMillisecondsToTenSeconds() throws {
        #expect(MetricsRegistry.defaultLatencyBuckets.first == 0.005)
        #expect(MetricsRegistry.defaultLatencyBuckets.last == 10)
        let metrics = MetricsRegistry()
        let latency = try metrics.histogram("latency_seconds", help: "Latency.")
        latency.observe(.milliseconds(30))
        let text = metrics.render()
        #expect(text.contains(#"latency_seconds_bucket{le="0.025"} 0"#))
        #expect(text.contains(#"latency_seconds_bucket{le="0.05"} 1"#))
        #expect(text.contains(#"latency_seconds_bucket{le="10"} 1"#))
        #expect(text.contains(#"latency_seconds_bucket{le="+Inf"} 1"#))
        #expect(text.contains("latency_seconds_count 1\n"))
    }

    @Test func reRegisteringTheSameDefinitionReturnsTheSameMetric() throws {
        let metrics = MetricsRegistry()
        let first = try metrics.counter("events_total", help: "Events.", labelNames: ["outcome"])
        let second = try metrics.counter("events_total", help: "Events.", labelNames: ["outcome"])
        first.increment(labels: ["outcome": "ok"])
        #expect(second.value(labels: ["outcome": "ok"]) == 1)
    }

    @Test func conflictingRegistrationsAreRefused() throws {
        let metrics = MetricsRegistry()
        _ = try metrics.counter("events_total", help: "Events.", labelNames: ["outcome"])
        #expect(throws: ServiceError.self) {
            try metrics.counter("events_total", help: "Other.", labelNames: ["outcome"])
        }
        #expect(throws: ServiceError.self) {
            try metrics.counter("events_total", help: "Events.", labelNames: ["route"])
        }
        #expect(throws: ServiceError.self) {
            try metrics.gauge("events_total", help: "Events.", labelNames: ["outcome"])
        }
        do {
            _ = try metrics.histogram("events_total", help: "Events.", labelNames: ["outcome"])
            Issue.record("a histogram replaced a counter")
        } catch {
            #expect(error.code == .conflictingRegistration)
        }
    }

    @Test(arguments: ["", "1abc", "with space", "dash-name", "é"])
    func invalidMetricNamesAreRefused(_ name: String) {
        #expect(throws: ServiceError.self) { try MetricsRegistry().counter(name, help: "x") }
    }

    @Test(arguments: ["__reserved", "1st", "with-dash", "a:b"])
    func invalidLabelNamesAreRefused(_ label: String) {
        #expect(throws: ServiceError.self) { try MetricsRegistry().counter("ok_total", help: "x", labelNames: [label]) }
    }

    @Test func histogramsRefuseLeAndBadBuckets() {
        let metrics = MetricsRegistry()
        #expect(throws: ServiceError.self) { try metrics.histogram("h", help: "x", labelNames: ["le"]) }
        #expect(throws: ServiceError.self) { try metrics.histogram("h", help: "x", buckets: []) }
        #expect(throws: ServiceError.self) { try metrics.histogram("h", help: "x", buckets: [1, 0.5]) }
        #expect(throws: ServiceError.self) { try metrics.histogram("h", help: "x", buckets: [1, 1]) }
        #expect(throws: ServiceError.self) { try metrics.histogram("h", help: "x", buckets: [1, .infinity]) }
    }

    @Test func labelValuesThatLookLikeCardNumbersAreRedacted() throws {
        let metrics = MetricsRegistry()
        let requests = try metrics.counter("requests_total", help: "Requests.", labelNames: ["route"])
        requests.increment(labels: ["route": "/v1/cards/4111111111111111/tokens"])
        requests.increment(labels: ["route": "/v1/cards/{cardRef}/tokens"])
        let text = metrics.render()
        #expect(!text.contains("4111111111111111"))
        #expect(text.contains(#"requests_total{route="redacted"} 1"#))
        #expect(text.contains(#"requests_total{route="/v1/cards/{cardRef}/tokens"} 1"#))
    }

    @Test func longLabelValuesAreTruncated() throws {
        let metrics = MetricsRegistry()
        let requests = try metrics.counter("requests_total", help: "Requests.", labelNames: ["route"])
        requests.increment(labels: ["route": String(repeating: "r", count: 500)])
        #expect(metrics.render().contains("{route=\"" + String(repeating: "r", count: 128) + "\"} 1"))
    }

    @Test func countersIgnoreNegativeAmountsAndUndeclaredLabels() throws {
        let metrics = MetricsRegistry()
        let counter = try metrics.counter("c_total", help: "C.", labelNames: ["outcome"])
        counter.increment(by: -5, labels: ["outcome": "ok"])
        counter.increment(by: .nan, labels: ["outcome": "ok"])
        counter.increment(by: 2, labels: ["outcome": "ok", "secret": "x"])
        #expect(counter.value(labels: ["outcome": "ok"]) == 2)
        #expect(!metrics.render().contains("secret"))
    }

    @Test func concurrentRecordingLosesNothing() async throws {
        let metrics = MetricsRegistry()
        let counter = try metrics.counter("c_total", help: "C.", labelNames: ["worker"])
        let histogram = try metrics.histogram("h_seconds", help: "H.")
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        counter.increment(labels: ["worker": "\(worker % 2)"])
                        histogram.observe(0.01)
                    }
                }
            }
        }
        #expect(counter.value(labels: ["worker": "0"]) == 2000)
        #expect(counter.value(labels: ["worker": "1"]) == 2000)
        #expect(histogram.count() == 4000)
    }
}
