/// libgit2 as Debian and Ubuntu build it (with mbedTLS) parses every CA
/// certificate of the system, /etc/ssl/certs/ca-certificates.crt, in
/// `git_libgit2_init`: some 52 million instructions, 8 to 10 ms, in every
/// command that opens a repository (`diff`, `check`, `textconv` once per
/// file of a `git log -p`), for the TLS of network transports this tool
/// never uses: it reads local repositories only.
///
/// The executable defines mbedTLS's `mbedtls_x509_crt_parse_file` and
/// exports it (Package.swift), so that libgit2, opened later with `dlopen`,
/// binds to this definition first: no file is parsed and the chain of
/// trusted certificates stays empty. A TLS connection through this process
/// would then fail its certificate check, never pass it unchecked. libgit2
/// built with OpenSSL (Homebrew's, on macOS) never calls it.
@_cdecl("mbedtls_x509_crt_parse_file")
public func mbedtlsCertificatesNotParsed(_ chain: UnsafeMutableRawPointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    0
}
