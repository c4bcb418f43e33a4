// SimThread: the viewer's simulation thread, as MuJoCo's `simulate` steps physics beside its render loop.
// It runs one job at a time (a frame of every pane, so A/B panes stay in step) while the UI thread keeps
// drawing the last finished frame: the camera, the panels and the drag respond at the display's rate
// whatever a frame costs. Ownership, not locks, keeps the threads apart: while a job runs the Worlds are
// its own; the UI thread touches them only when done(), which wait() brings about.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace app {

class SimThread {
 public:
  SimThread();
  ~SimThread();  // waits for the job under way
  SimThread(const SimThread&) = delete;
  SimThread& operator=(const SimThread&) = delete;

  void start(std::function<void()> job);  // requires done()
  bool done();                            // no job under way
  // Until done(); rethrows what the job threw (a CUDA error, say) on the calling thread.
  void wait();

 private:
  void loop();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> job_;
  bool running_ = false, quit_ = false;
  std::exception_ptr failure_;
  std::thread thread_;  // last: it starts once the members above exist
};

}  // namespace app
