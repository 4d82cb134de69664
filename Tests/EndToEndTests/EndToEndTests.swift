import Testing

/// The end-to-end suite: real `tpc serve --sandbox` processes (one per store,
/// shared by every test) driven over HTTP.
///
/// Serialized as a whole: the bad-input suite counts rows before and after
/// each request, which needs no concurrent writer, and the secret scan runs
/// after everything else has sent its PANs, nonces and codes.
@Suite(.serialized, .timeLimit(.minutes(10))) struct EndToEndTests {}
