#include "viewer/sim_thread.h"

#include <utility>

namespace app {

SimThread::SimThread() : thread_([this] { loop(); }) {}

SimThread::~SimThread() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return !running_; });
    quit_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void SimThread::start(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = std::move(job);
    running_ = true;
  }
  changed_.notify_all();
}

bool SimThread::done() {
  std::lock_guard<std::mutex> lock(mutex_);
  return !running_;
}

void SimThread::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return !running_; });
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void SimThread::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return running_ || quit_; });
    if (quit_) return;
    lock.unlock();
    std::exception_ptr failure;
    try {
      job_();
    } catch (...) {
      failure = std::current_exception();
    }
    lock.lock();
    failure_ = failure;
    running_ = false;
    changed_.notify_all();
  }
}

}  // namespace app
