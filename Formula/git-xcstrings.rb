# Homebrew formula for git-xcstrings. Install from a clone with
#   brew install --formula ./Formula/git-xcstrings.rb
# or copy it into a tap repository (Formula/git-xcstrings.rb there). The
# release workflow sets the tag below; scripts/check-packaging runs its
# install and test steps on Linux against a fake prefix.
class GitXcstrings < Formula
  desc "Git merge driver, semantic diff and checker for Apple String Catalogs"
  homepage "https://github.com/git-xcstrings/git-xcstrings"
  license "MIT"
  url "https://github.com/git-xcstrings/git-xcstrings.git", tag: "v0.1.0"
  head "https://github.com/git-xcstrings/git-xcstrings.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build
  depends_on "libgit2"

  uses_from_macos "swift" => :build

  def install
    args = ["--disable-sandbox", "--configuration", "release"]
    # On Linux the Swift runtime is linked in, so the programs need no Swift installed.
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args, "--product", "git-xcstrings"
    system "swift", "build", *args, "--product", "git-xcstrings-merge"
    bin.install ".build/release/git-xcstrings", ".build/release/git-xcstrings-merge"
    man1.install "man/git-xcstrings.1"
    generate_completions_from_executable(bin/"git-xcstrings", "completion")
  end

  def caveats
    <<~EOS
      Register the merge driver and the diff driver once, for every repository:
        git xcstrings install --global
      Git GUIs (Xcode, Fork, Tower, SourceTree) run git with a PATH that lacks
      #{HOMEBREW_PREFIX}/bin. For them, register the programs by full path:
        git xcstrings install --global --absolute
      which writes #{HOMEBREW_PREFIX}/bin/git-xcstrings-merge, a path that
      stays valid across upgrades.
    EOS
  end

  test do
    # The programs as a user runs them, through Homebrew's unversioned path.
    ENV.prepend_path "PATH", opt_bin
    ENV["GIT_AUTHOR_NAME"] = ENV["GIT_COMMITTER_NAME"] = "Brew Test"
    ENV["GIT_AUTHOR_EMAIL"] = ENV["GIT_COMMITTER_EMAIL"] = "brew@example.com"
    assert_match version.to_s, shell_output("#{bin}/git-xcstrings --version")

    catalog = lambda do |translations|
      localizations = translations.map do |language, value|
        %Q("#{language}":{"stringUnit":{"state":"translated","value":"#{value}"}})
      end
      %Q({"sourceLanguage":"en","strings":{"Save":{"localizations":{#{localizations.join(",")}}}},"version":"1.0"})
    end
    system "git", "init", "-q", "-b", "main"
    system "git", "xcstrings", "install", "--absolute"
    refute_match "/Cellar/", shell_output("git config --get-regexp '^(merge|diff)[.]xcstrings[.]'")
    (testpath/"Localizable.xcstrings").write catalog.call("en" => "Save")
    system "git", "xcstrings", "fmt", "Localizable.xcstrings"
    system "git", "add", "-A"
    system "git", "commit", "-q", "-m", "catalog"
    system "git", "checkout", "-q", "-b", "spanish"
    (testpath/"Localizable.xcstrings").write catalog.call("en" => "Save", "es" => "Guardar")
    system "git", "xcstrings", "fmt", "Localizable.xcstrings"
    system "git", "commit", "-q", "-am", "Spanish"
    system "git", "checkout", "-q", "main"
    (testpath/"Localizable.xcstrings").write catalog.call("en" => "Save", "fr" => "Enregistrer")
    system "git", "xcstrings", "fmt", "Localizable.xcstrings"
    system "git", "commit", "-q", "-am", "French"
    # git's line merge conflicts on these two; the driver merges them.
    system "git", "merge", "-q", "--no-edit", "spanish"
    merged = (testpath/"Localizable.xcstrings").read
    assert_match "Guardar", merged
    assert_match "Enregistrer", merged
    refute_match "<<<<<<<", merged
    system "git", "xcstrings", "check", "Localizable.xcstrings"
  end
end
