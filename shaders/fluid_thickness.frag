// Screen-space fluid, pass 2 (van der Laan, Green & Sainz 2009, §3.3): the water's thickness along each
// view ray as the sum of the splats' chords, blended additively at half resolution. A chord is scaled by
// u_volume_scale (a lattice cell's volume over a splat's), so a lattice of particles sums to the water's true
// depth. The second channel sums speed × chord, for the composite's foam. Splats behind the opaque scene
// are dropped.
in vec3 v_view_pos;
flat in vec3 v_view_centre;
flat in float v_radius;
flat in float v_value;            // the particle's speed [m/s] (or the coloured quantity)
uniform sampler2D u_scene_depth;  // full resolution: texel = 2 × this pass's pixel
uniform float u_volume_scale;
out vec2 o_thickness;  // [m], [m²/s]
void main() {
  vec3 dir = normalize(v_view_pos);
  vec2 t = ray_sphere(vec3(0.0), dir, v_view_centre, v_radius);
  if (t.x > t.y) discard;
  if (window_depth(t.x * dir) > texelFetch(u_scene_depth, 2 * ivec2(gl_FragCoord.xy), 0).r) discard;
  float chord = (t.y - t.x) * u_volume_scale;
  o_thickness = vec2(chord, chord * v_value);
}
