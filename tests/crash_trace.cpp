// A crash in a test executable names where it happened: on SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT the
// handler prints the running test and the crashing thread's stack (function names: the executables export
// their symbols) to stderr, then the default action ends the process with the same signal, so ctest still
// reports it as the crash it was. A crash CI met once (DragPresets, "Segmentation fault" and nothing else)
// could not be reproduced here in 40 runs; the next one says where it was. Not installed under
// AddressSanitizer, whose own handler reports more.
#include <execinfo.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SMALLSTEPS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define SMALLSTEPS_ASAN 1
#endif

namespace {

void say(const char* text) {
  if (text) (void)!write(STDERR_FILENO, text, std::strlen(text));
}

void on_fatal_signal(int signal) {
  say("\n*** fatal signal: ");
  say(strsignal(signal));
  if (const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info()) {
    say(" in ");
    say(test->test_suite_name());
    say(".");
    say(test->name());
  }
  say("; the crashing thread's stack:\n");
  void* frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), STDERR_FILENO);
  raise(signal);  // SA_RESETHAND restored the default action: the process ends by this signal
}

#ifndef SMALLSTEPS_ASAN
const bool installed = [] {
  void* warm[1];
  backtrace(warm, 1);  // loads the unwinder now, not inside the handler
  struct sigaction action {};
  action.sa_handler = on_fatal_signal;
  action.sa_flags = SA_RESETHAND | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (const int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(s, &action, nullptr);
  return true;
}();
#endif

}  // namespace
