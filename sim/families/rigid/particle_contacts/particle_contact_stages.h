// Particles against rigid bodies in the solver: the pairs of detect/particle_body_detection.h, with the
// normals, restitution and Eq. 10's allowance of two bodies' pairs (constraints/body_contact.h, Müller et
// al. 2020 §3.5) and the friction of constraints/particle_patch.h, a contact kind the rigid family runs
// (families/rigid/contact_set.h) at the same places of Small Steps Algorithm 1. A body under a cloth or in
// a fluid touches hundreds of particles: colouring the pairs over their ends, as for two bodies, would take
// one colour, one launch, per pair at that body. Instead the pairs are grouped by particle (a run) and a
// particle's pairs are projected in turn on the particle itself (Gauss-Seidel on its side), while each body
// is Jacobi: its inverse masses split n/ω ways (n: its particle pairs acting in the pass; mass splitting,
// Tonge et al. 2012), the pairs reading the body as the pass began and writing its correction to their own
// slot, which the body gathers in ascending order after the pass. Friction is then one patch per body, its
// shares to the particles gathered per run. A body's sums over its pairs run a chunk a thread, then the body
// folds its chunks (families/rigid/particle_contacts/pair_chunks.h). No atomics: the same bits on any thread
// count. ω is the solver's Jacobi ω under Jacobi order, 1 under Gauss-Seidel.
//   detect         count each particle's pairs, scan, write them; the host groups them into runs, lists
//                  each body's pairs and cuts the lists into chunks (one round trip, beside the bodies' own),
//                  and sizes the passes' slots;
//   begin_substep  BeginContactSubstep over the pairs;
//   project        ActivePairs per chunk and body, ProjectParticleNormals per run, the body corrections
//                  per chunk and body (GatherChunkPoseCorrections), ChunkPatches per chunk,
//                  PatchStaticFriction per body, PatchStaticShares per pair, GatherParticleShifts per run;
//   end_substep    ActivePairs per chunk and body, ParticleRestitution per run, GatherVelocityCorrections
//                  per chunk and body, ChunkPatches per chunk, PatchDynamicFriction per body, ChunkSpins per
//                  chunk, PatchTorsionalFriction per body, PatchKineticShares per pair, GatherParticleShifts
//                  per run.
#pragma once

#include <vector>

#include "families/rigid/contact_metrics.h"
#include "families/rigid/pair_multipliers.h"
#include "families/rigid/particle_contacts/particle_body_friction.h"
#include "families/rigid/particle_contacts/particle_body_passes.h"
#include "model/incidence.h"
#include "settings/settings.h"

namespace sim {
inline namespace SIM_PRECISION {

template <class Core>
class ParticleBodyContacts {
 public:
  using Exec = typename Core::Exec;
  using Substep = typename Core::Substep;
  using HostModel = typename Core::HostModel;
  // Its pairs are projected with the bodies held where a host body stepper moved them.
  static constexpr bool kStepperRows = false;

  // bodies: those the contacts see (0 when they are off).
  void upload(Core& core, const HostModel& m, int bodies) {
    bodies_ = bodies;
    particles_ = m.body_contact.particles && bodies > 0 ? m.particle_count() : 0;
    material_ = m.body_contact.particle_material;
    support_ = {contact_planes(m.ground, m.container), m.collider};
    // one more than the particles, left 0, so that the scan's last entry is the total
    Exec::resize(count_, particles_ > 0 ? size_t(particles_) + 1 : 0);
    Exec::resize(active_, size_t(bodies));
    Exec::resize(core.state.particle_contact.pairs, 0);
    runs_ = 0;
    carry_ = false;
  }

  // The grid's cells must hold the largest body's reach over the frame (largest) and the largest radius plus
  // reach over the particles along dt [m].
  Real cell_size(Core& core, Real largest, Vec3 gravity, Real dt) {
    if (particles_ == 0) return largest;
    ++core.launches;
    return largest +
           Exec::template reduce<LargestReach>(
               particles_, ParticleReach{core.x(), core.v(), core.w(), core.radius(), gravity, dt}, scratch_)
               .value;
  }

  // The particles' pairs with the bodies in `grid`: counted, scanned, written; then runs and body lists.
  void detect(Core& core, const HashGridView& grid, const DetectionBodies& bodies, Vec3 gravity, Real dt,
              Real margin) {
    if (particles_ == 0) return;
    auto& pairs = core.state.particle_contact.pairs;
    const bool carried = carry_ && Exec::size(pairs) > 0;
    if (carried) {  // the last detection's pairs and offsets, for their anchors
      Exec::copy(previous_, pairs);
      Exec::copy(previous_offset_, offset_);
      core.launches += 2;
    }
    FindParticleContacts find{grid,
                              bodies,
                              core.x(),
                              core.v(),
                              core.w(),
                              core.radius(),
                              gravity,
                              dt,
                              margin,
                              material_,
                              Exec::data(count_),
                              nullptr,
                              nullptr,
                              nullptr,
                              carried ? Exec::data(previous_) : nullptr,
                              carried ? Exec::data(previous_offset_) : nullptr};
    core.clear(count_);
    core.launch(particles_, find);
    ++core.launches;
    Exec::exclusive_scan(count_, offset_, scratch_);
    const int total = Exec::read(offset_, size_t(particles_));
    Exec::resize(pairs, size_t(total));
    Exec::resize(ends_, size_t(total));
    find.offset = Exec::data(offset_);
    find.pairs = Exec::data(pairs);
    find.ends = Exec::data(ends_);
    core.launch(particles_, find);
    order(total);
    carry_ = true;
  }

  // The pairs in the State are no longer this detection's (offset_ does not index them): none carried.
  void state_uploaded() { carry_ = false; }
  void add_frame_stats(ContactSums&) const {}

  // After a substep's iterations: its λ_n added to the frame's sums (families/common/frame_multipliers.h).
  void add_multipliers(Core& core, const Substep& sub) {
    frame_lambda_.add(core, sub, core.state.particle_contact.pairs);
  }

  // Each body's pairs with particles at the last detection (slot k: pair k).
  BodyPairLists pair_lists(Core& core, Real inv_h2) {
    const bool listed = particles_ > 0 && Exec::size(body_offsets_) == size_t(bodies_) + 1;
    return frame_lambda_.lists(core.state.particle_contact.pairs,
                               listed ? Exec::data(body_offsets_) : nullptr,
                               listed ? Exec::data(body_slots_) : nullptr, false, inv_h2);
  }

  void begin_substep(Core& core, const BeginContactSubstep& begin) {
    BeginContactSubstep b = begin;
    b.pairs = Exec::data(core.state.particle_contact.pairs);
    core.launch(int(Exec::size(core.state.particle_contact.pairs)), b);
  }

  void project(Core& core, const Substep& sub, const EndRefs& poses) {
    if (runs_ == 0) return;
    const ParticlePairs p = pairs(core, poses);
    const PairChunks ch = chunks();
    active_pairs(core, p, ch, false);
    core.launch(runs_, ProjectParticleNormals{p, split(sub), Exec::data(pose_slots_)});
    core.launch(chunks_, SumChunkSlots<PoseCorrection>{ch, p.slot_of, Exec::data(pose_slots_),
                                                       Exec::data(chunk_pose_)});
    core.launch(bodies_, GatherChunkPoseCorrections{ch, Exec::data(chunk_pose_), poses.body_x, poses.body_q});
    core.launch(chunks_, ChunkPatches{p, ch, {}, Exec::data(chunk_patch_)});
    core.launch(bodies_, PatchStaticFriction{poses, ch, Exec::data(chunk_patch_), Exec::data(body_patch_)});
    core.launch(pairs_, PatchStaticShares{p, Exec::data(body_patch_), Exec::data(shift_slots_)});
    core.launch(runs_, GatherParticleShifts<Position>{p.run_start, p.pairs, Exec::data(shift_slots_),
                                                      poses.particle_x});
  }

  void velocity_pass(Core& core, const Substep& sub, const EndRefs& poses, Real g) {
    if (runs_ == 0) return;
    const ParticlePairs p = pairs(core, poses);
    const PairChunks ch = chunks();
    const EndVelocities vel = end_velocities<Exec>(core);
    active_pairs(core, p, ch, true);
    core.launch(runs_, ParticleRestitution{p, vel, split(sub), Exec::data(velocity_slots_), g, sub.h});
    core.launch(chunks_, SumChunkSlots<VelocityCorrection>{ch, p.slot_of, Exec::data(velocity_slots_),
                                                           Exec::data(chunk_velocity_)});
    core.launch(bodies_,
                GatherVelocityCorrections{ch, Exec::data(chunk_velocity_), vel.body_v, vel.body_omega});
    core.launch(chunks_, ChunkPatches{p, ch, vel, Exec::data(chunk_patch_)});
    core.launch(bodies_, PatchDynamicFriction{poses, vel, ch, Exec::data(chunk_patch_),
                                              Exec::data(body_patch_), sub.h});
    core.launch(chunks_, ChunkSpins{p, ch, vel, Exec::data(body_patch_), Exec::data(chunk_spin_)});
    core.launch(bodies_, PatchTorsionalFriction{poses, vel, ch, Exec::data(chunk_spin_),
                                                Exec::data(body_patch_), sub.h});
    core.launch(pairs_, PatchKineticShares{p, Exec::data(body_patch_), Exec::data(shift_slots_)});
    core.launch(runs_,
                GatherParticleShifts<Vec3>{p.run_start, p.pairs, Exec::data(shift_slots_), vel.particle_v});
  }

 private:
  ParticlePairs pairs(Core& core, const EndRefs& poses) {
    ParticleSupport support = support_;
    support.collider =
        support.collider.bound_to(Exec::data(core.model.collider_phi), Exec::data(core.model.collider_slope));
    return {Exec::data(core.state.particle_contact.pairs), Exec::data(run_start_), Exec::data(body_slots_),
            poses, support};
  }

  PairChunks chunks() {
    return {Exec::data(chunk_begin_), Exec::data(chunk_body_), Exec::data(body_chunks_)};
  }

  // Each body's pairs acting in the coming pass (ActivePairs), for its mass split.
  void active_pairs(Core& core, const ParticlePairs& p, const PairChunks& ch, bool pushed) {
    core.launch(chunks_, ActivePairs{p, ch, pushed, Exec::data(chunk_count_)});
    core.launch(bodies_, SumActivePairs{ch, Exec::data(chunk_count_), Exec::data(active_)});
  }

  ActiveSplit split(const Substep& sub) const {
    const Real omega = sub.settings.order == SolverOrder::Jacobi ? sub.settings.jacobi_omega : 1.0;
    return {Exec::data(active_), omega};
  }

  // On the host, from the pairs' ends: the runs (a particle's pairs are consecutive) and each body's pairs
  // in ascending order (pair_incidence over the bodies: a particle end has no slot; slot 2k is pair k's
  // body), cut into chunks (families/rigid/particle_contacts/pair_chunks.h); the passes' slot buffers sized
  // once a detection.
  void order(int total) {
    Exec::download(host_ends_, ends_);
    std::vector<int> run_start;
    for (int k = 0; k < total; ++k)
      if (k == 0 || host_ends_[size_t(k)].b != host_ends_[size_t(k) - 1].b) run_start.push_back(k);
    run_start.push_back(total);
    runs_ = int(run_start.size()) - 1;
    Incidence bodies = pair_incidence(host_ends_, bodies_);
    for (int& slot : bodies.slots) slot /= 2;
    Exec::upload(run_start_, run_start);
    Exec::upload(body_offsets_, bodies.offsets);
    Exec::upload(body_slots_, bodies.slots);
    const HostPairChunks cut = cut_pair_chunks(bodies.offsets);
    chunks_ = int(cut.body.size());
    pairs_ = total;
    Exec::upload(chunk_begin_, cut.begin);
    Exec::upload(chunk_body_, cut.body);
    Exec::upload(body_chunks_, cut.body_chunks);
    Exec::resize(chunk_count_, size_t(chunks_));
    Exec::resize(chunk_pose_, size_t(chunks_));
    Exec::resize(chunk_velocity_, size_t(chunks_));
    Exec::resize(chunk_patch_, size_t(chunks_));
    Exec::resize(chunk_spin_, size_t(chunks_));
    Exec::resize(body_patch_, size_t(bodies_));
    Exec::resize(pose_slots_, size_t(total));
    Exec::resize(velocity_slots_, size_t(total));
    Exec::resize(shift_slots_, size_t(total));
  }

  template <class T>
  using Buffer = typename Exec::template Buffer<T>;
  int bodies_ = 0;
  int particles_ = 0;   // 0 when particles do not meet bodies
  int runs_ = 0;        // particles with pairs at the last detection
  int pairs_ = 0;       // pairs at the last detection
  int chunks_ = 0;      // chunks of the bodies' pair lists (families/rigid/particle_contacts/pair_chunks.h)
  bool carry_ = false;  // the State's pairs are the last detection's, indexed by offset_
  SurfaceMaterial material_;
  ParticleSupport support_;  // its collider's field bound where the passes run (pairs())
  Buffer<int> count_, offset_, previous_offset_;
  Buffer<ContactPair> previous_;  // the last detection's pairs
  Buffer<Int2> ends_;
  Buffer<int> run_start_, body_offsets_, body_slots_;
  Buffer<int> chunk_begin_, chunk_body_, body_chunks_;  // PairChunks
  Buffer<int> chunk_count_;                             // per chunk: its pairs acting (ActivePairs)
  Buffer<int> active_;                                  // per body: its pairs acting in the pass
  Buffer<PoseCorrection> pose_slots_;                   // per pair: its body's correction (normals)
  Buffer<VelocityCorrection> velocity_slots_;  // per pair: its body's change of velocity (restitution)
  Buffer<Vec3> shift_slots_;                   // per pair: its particle's share of the patch friction
  Buffer<PoseCorrection> chunk_pose_;          // per chunk: its slots' body corrections summed
  Buffer<VelocityCorrection> chunk_velocity_;  // per chunk: likewise for velocities
  Buffer<ParticlePatch> chunk_patch_;          // per chunk: its part of the body's patch
  Buffer<PatchSpin> chunk_spin_;               // per chunk: its part of the patch's spin
  Buffer<BodyPatch> body_patch_;               // per body: its patch friction
  Buffer<unsigned char> scratch_;
  std::vector<Int2> host_ends_;
  PairMultipliers<Core> frame_lambda_;  // λ_n of each pair's points over the frame
};

}  // namespace SIM_PRECISION
}  // namespace sim
