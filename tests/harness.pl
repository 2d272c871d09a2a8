#!/usr/bin/perl
# tests/harness.pl: run the unit tests and the .t files of one or both
# flavours under one TAP::Harness (the engine of prove), JOBS + 1 at a time,
# each result printed as it finishes.  `make test` calls it:
#
#   perl tests/harness.pl -jJOBS plain san -- build/tests/test_x ... tests/NN_x.t ...
#
# Flavours: plain (./dist/cgt, build/tests/) and san (./dist-san/cgt,
# build-san/tests/, ASan and UBSan runtimes preloaded from $SAN_PRELOAD).
# The slowest tests start first, so the end is not spent waiting for one
# long test: by the times the previous run recorded in build/test-times,
# else (a fresh clone) by those of tests/test-times, a run's times kept in
# the repository (refresh it with cp build/test-times tests/test-times);
# a test in neither goes first when sanitized, last when plain.
use strict;
use warnings;
use TAP::Harness;

# Child mode: set the flavour's environment, then become the test.
if (@ARGV && $ARGV[0] eq '--run') {
  my (undef, $file, $flavour) = @ARGV;
  if ($flavour eq 'san') {
    $ENV{CGT_EXT} = './dist-san/cgt';
    $ENV{CGT_SANITIZED} = '1';
    $ENV{CGT_PRELOAD} = $ENV{SAN_PRELOAD} // '';
    # A 16 MB quarantine (ASan's default is 256 MB) still catches a use of
    # any of the last 16 MB freed; the default one cost the sanitized suite
    # a quarter of its time in page faults.
    $ENV{ASAN_OPTIONS} = 'detect_leaks=1:abort_on_error=0:exitcode=99:quarantine_size_mb=16';
    $ENV{UBSAN_OPTIONS} = 'print_stacktrace=1';
  } else {
    $ENV{CGT_EXT} = './dist/cgt';
    delete $ENV{CGT_SANITIZED};
  }
  # A test that runs make (85_fault_injection.t) is a make of its own, not
  # a job of the make that started this harness.
  delete @ENV{qw(MAKEFLAGS MFLAGS MAKELEVEL)};
  if ($file =~ /\.t$/) { exec $^X, $file }   # perl follows a #! naming sh or python3
  exec $file;
  die "cannot run $file: $!\n";
}

my $jobs = 2;
my @flavours;
while (@ARGV && $ARGV[0] ne '--') {
  my $a = shift @ARGV;
  if ($a =~ /^-j(\d+)$/) { $jobs = $1 }
  else { push @flavours, $a }
}
shift @ARGV;
my @files = @ARGV;

my $times_file = 'build/test-times';
my %took;
for my $file ('tests/test-times', $times_file) {
  open my $fh, '<', $file or next;
  while (<$fh>) { $took{$2} = $1 if /^(\d+) (.*)$/ }
}

my (@tests, %args);
for my $flavour (@flavours) {
  for my $file (@files) {
    my $f = $file;
    $f =~ s{^build/tests/}{build-san/tests/} if $flavour eq 'san';
    my $alias = sprintf '%-5s %s', $flavour, $f =~ s{^build(-san)?/tests/}{unit/}r;
    push @tests, [$f, $alias];
    $args{$alias} = [$flavour];
  }
}
my $guess = sub { $took{$_[0]} // ($_[0] =~ /^san/ ? 1e9 : 0) };
@tests = sort { $guess->($b->[1]) <=> $guess->($a->[1]) } @tests;

# 25_interrupt.t measures how soon a call stops after an interrupt in CPU
# time, which the load does not inflate: it runs among the others.
my $harness = TAP::Harness->new({
  # One test more than JOBS: the browser test and the shells' starts leave
  # a core idle much of the time.
  jobs      => $jobs + 1,
  timer     => 1,
  test_args => \%args,
  exec      => sub { [$^X, $0, '--run', $_[1]] },
});
my $aggregate = $harness->runtests(@tests);

# Record each test's wall time in milliseconds for the next run's order
# (keeping the times of tests this run left out).
for my $alias (map { $_->[1] } @tests) {
  my ($parser) = $aggregate->parsers($alias);
  $took{$alias} = int(1000 * ($parser->end_time - $parser->start_time))
    if $parser && defined $parser->start_time && defined $parser->end_time;
}
if (-d 'build' && open my $fh, '>', $times_file) {
  print $fh "$took{$_} $_\n" for sort { $took{$b} <=> $took{$a} } keys %took;
}
exit($aggregate->all_passed ? 0 : 1);
