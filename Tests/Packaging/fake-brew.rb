# Runs a Homebrew formula's install and test steps without Homebrew, against
# a fake prefix: the commands it would run, run for real (scripts/check-packaging).
#
#   ruby Tests/Packaging/fake-brew.rb FORMULA SOURCE PREFIX TESTDIR
#
# SOURCE is the unpacked source (brew's build directory), PREFIX stands for
# HOMEBREW_PREFIX, laid out as Homebrew lays it out: the formula installs into
# the keg PREFIX/Cellar/NAME/VERSION, which is then linked into PREFIX/bin
# (and share, etc) and PREFIX/opt/NAME, and the test runs with HOME in
# TESTDIR, as brew test does. It implements the part of Homebrew's formula
# language the formula uses; anything else fails with NoMethodError, so a
# new call gets noticed.
require "fileutils"
require "open3"
require "pathname"

formula_path, source, prefix, testdir = ARGV
abort "usage: fake-brew.rb FORMULA SOURCE PREFIX TESTDIR" unless testdir

HOMEBREW_PREFIX = Pathname.new(prefix)

module OS
  def self.mac? = RUBY_PLATFORM.include?("darwin")
  def self.linux? = RUBY_PLATFORM.include?("linux")
end

class Pathname
  # Keg directories install what they are given, as brew's Pathname#install.
  def install(*sources)
    mkpath
    sources.flatten.each do |item|
      FileUtils.cp(item, self / File.basename(item.to_s), preserve: true)
      puts "installed #{self / File.basename(item.to_s)}"
    end
  end
end

module ENVExtension
  def prepend_path(name, path) = self[name] = [path.to_s, self[name]].compact.join(File::PATH_SEPARATOR)
end
ENV.extend(ENVExtension)

class Formula
  class << self
    attr_reader :test_block, :requirements

    def desc(*) = nil
    def homepage(*) = nil
    def license(*) = nil
    def head(*, **) = nil
    def bottle(*) = nil
    def livecheck(*) = nil

    def url(value = nil, tag: nil, **)
      @stable_version = tag&.delete_prefix("v") if value
    end

    def stable_version = @stable_version

    def depends_on(*arguments)
      (@requirements ||= []) << arguments
    end

    def uses_from_macos(*arguments)
      (@requirements ||= []) << arguments
    end

    def test(&block)
      @test_block = block
    end
  end

  Version = Struct.new(:to_s)

  def initialize(homebrew_prefix, testdir, name)
    @homebrew_prefix = Pathname.new(homebrew_prefix)
    @prefix = @homebrew_prefix/"Cellar"/name/self.class.stable_version
    @opt_prefix = @homebrew_prefix/"opt"/name
    @testpath = Pathname.new(testdir)
  end

  attr_reader :prefix, :opt_prefix, :testpath

  def version = Version.new(self.class.stable_version)
  def bin = prefix/"bin"
  def opt_bin = opt_prefix/"bin"
  def man1 = prefix/"share/man/man1"
  def bash_completion = prefix/"etc/bash_completion.d"
  def zsh_completion = prefix/"share/zsh/site-functions"
  def fish_completion = prefix/"share/fish/vendor_completions.d"

  def system(*command)
    puts "==> #{command.join(" ")}"
    Kernel.system(*command.map(&:to_s)) or raise "failed: #{command.join(" ")}"
  end

  def shell_output(command, status = 0)
    output, result = Open3.capture2(command)
    raise "#{command}: exit #{result.exitstatus}, expected #{status}" unless result.exitstatus == status
    output
  end

  def generate_completions_from_executable(executable, *arguments, shells: [:bash, :zsh, :fish])
    places = { bash: bash_completion/"git-xcstrings", zsh: zsh_completion/"_git-xcstrings",
               fish: fish_completion/"git-xcstrings.fish" }
    shells.each do |shell|
      output, result = Open3.capture2(executable.to_s, *arguments, shell.to_s)
      raise "#{executable} #{arguments.join(" ")} #{shell} failed" unless result.success?
      places[shell].dirname.mkpath
      places[shell].write(output)
      puts "wrote #{places[shell]}"
    end
  end

  def assert_match(expected, actual)
    raise "expected #{actual[0, 200].inspect} to match #{expected.inspect}" unless actual.match?(expected)
  end

  def refute_match(unexpected, actual)
    raise "expected #{actual[0, 200].inspect} not to match #{unexpected.inspect}" if actual.match?(unexpected)
  end
end

load formula_path
name = File.basename(formula_path, ".rb")
formula_class = Object.const_get(name.split(/[-_]/).map(&:capitalize).join)
formula = formula_class.new(prefix, testdir, name)
Dir.chdir(source) { formula.install }
# brew link: every file of the keg linked into the prefix; opt/NAME to the keg.
Dir.glob("#{formula.prefix}/**/*").each do |file|
  next if File.directory?(file)
  target = HOMEBREW_PREFIX/Pathname.new(file).relative_path_from(formula.prefix)
  target.dirname.mkpath
  File.symlink(file, target)
end
formula.opt_prefix.dirname.mkpath
File.symlink(formula.prefix, formula.opt_prefix)
puts formula.caveats
FileUtils.mkdir_p(testdir)
# brew test: HOME is the test's own directory, PATH Homebrew's bin first.
ENV["HOME"] = testdir
ENV["PATH"] = "#{HOMEBREW_PREFIX}/bin:/usr/bin:/bin"
ENV["GIT_CONFIG_NOSYSTEM"] = "1"
Dir.chdir(testdir) { formula.instance_eval(&formula_class.test_block) }
puts "fake-brew: install and test passed"
