#include "viewer/recorder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <sstream>

#include "render/plot/image_io.h"
#include "run/text_util.h"

namespace app {
namespace {

bool is_directory(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string parent_of(const std::string& path) {
  const size_t slash = path.find_last_of('/', path.size() > 1 ? path.size() - 2 : 0);
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string writable_directory_problem(const std::string& dir) {
  if (!is_directory(dir)) return "directory '" + dir + "' does not exist";
  if (access(dir.c_str(), W_OK) != 0) return "directory '" + dir + "' is not writable";
  return "";
}

}  // namespace

std::string find_ffmpeg() {
  const char* override_path = std::getenv("SMALLSTEPS_FFMPEG");
  if (override_path && *override_path) return access(override_path, X_OK) == 0 ? override_path : "";
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/ffmpeg";
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

Recorder::~Recorder() { stop(); }

void Recorder::start_encoders(int count) {
  closing_ = false;
  failure_.clear();
  for (int i = 0; i < count; ++i) encoders_.emplace_back([this] { encode_frames(); });
}

void Recorder::encode_frames() {
  for (;;) {
    Frame frame;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;  // closing, and nothing left to encode
      frame = std::move(queue_.front());
      queue_.pop_front();
    }
    changed_.notify_all();  // room in the queue
    if (!failure().empty()) continue;  // drain without encoding after a failure
    std::string problem = encode(frame);
    if (problem.empty()) continue;
    std::lock_guard<std::mutex> lock(mutex_);
    if (failure_.empty()) failure_ = std::move(problem);
  }
}

std::string Recorder::encode(const Frame& frame) {
  if (mode_ == Mode::Png) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", frame.number);
    if (!render::write_png(path_ + name, {width_, height_, frame.rgb})) return "cannot write '" + path_ + name + "'";
    return "";
  }
  if (std::fwrite(frame.rgb.data(), 1, frame.rgb.size(), pipe_) != frame.rgb.size()) return "ffmpeg stopped reading";
  return "";
}

std::string Recorder::failure() {
  std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

std::string Recorder::start(const std::string& path, int width_px, int height_px, int fps) {
  stop();
  const std::string prefix = "cannot record to '" + path + "': ";
  if (path.empty()) return "cannot record: no output path given";
  width_ = width_px;
  height_ = height_px;
  frames_ = 0;
  if (ends_with(path, "/") || is_directory(path)) {
    if (!is_directory(path)) {
      if (const std::string problem = writable_directory_problem(parent_of(path)); !problem.empty())
        return prefix + problem;
      if (mkdir(path.c_str(), 0755) != 0) return prefix + "cannot create the directory";
    }
    if (const std::string problem = writable_directory_problem(path); !problem.empty()) return prefix + problem;
    path_ = ends_with(path, "/") ? path : path + "/";
    mode_ = Mode::Png;
    // PNG compression is the slow part (stb, one core per frame): frames in parallel, leaving a core.
    start_encoders(int(std::clamp(std::thread::hardware_concurrency() / 2, 1u, 8u)));
    return "";
  }
  if (!ends_with(path, ".mp4")) return prefix + "expected a .mp4 file or a directory ending in '/'";
  if (width_px % 2 || height_px % 2) return prefix + "MP4 (yuv420p) needs an even frame size";
  if (const std::string problem = writable_directory_problem(parent_of(path)); !problem.empty())
    return prefix + problem;
  const std::string ffmpeg = find_ffmpeg();
  if (ffmpeg.empty())
    return prefix + "ffmpeg not found on PATH (install ffmpeg, or record PNG frames with a directory path ending in '/')";
  std::signal(SIGPIPE, SIG_IGN);  // a dying ffmpeg shows up as a failed write, not a killed viewer
  std::ostringstream cmd;
  cmd << shell_quote(ffmpeg) << " -loglevel error -y -f rawvideo -pix_fmt rgb24 -s " << width_px << "x" << height_px
      << " -r " << fps << " -i - -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p " << shell_quote(path);
  pipe_ = popen(cmd.str().c_str(), "w");
  if (!pipe_) return prefix + "cannot start ffmpeg";
  path_ = path;
  mode_ = Mode::Video;
  start_encoders(1);  // one writer keeps the frames in order; ffmpeg encodes on its own threads
  return "";
}

std::string Recorder::add_frame(const std::vector<std::uint8_t>& rgb) {
  if (mode_ == Mode::Off) return "";
  if (rgb.size() != size_t(width_) * size_t(height_) * 3) {
    stop();
    return "recording stopped: frame size changed";
  }
  if (const std::string problem = failure(); !problem.empty()) {
    const std::string status = stop();
    return "recording stopped: " + problem + (status.empty() || status == problem ? "" : " (" + status + ")");
  }
  Frame frame{++frames_, rgb};  // copied before the lock, so that the encoders never wait on the copy
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return queue_.size() < kQueuedFrames; });
  queue_.push_back(std::move(frame));
  lock.unlock();
  changed_.notify_all();
  return "";
}

std::string Recorder::stop() {
  const Mode was = mode_;
  if (was == Mode::Off) return "";
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  for (std::thread& encoder : encoders_) encoder.join();
  encoders_.clear();
  mode_ = Mode::Off;
  std::string problem = failure();
  if (was == Mode::Video && pipe_) {
    const int status = pclose(pipe_);
    pipe_ = nullptr;
    if (problem.empty() && status != 0)
      problem = "ffmpeg exited with status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : status);
  }
  return problem;
}

}  // namespace app
