// Screen-space fluid, pass 4 (van der Laan, Green & Sainz 2009, §3.4): the water's colour from the filtered
// depth and the thickness. The normal comes from the depth's differences (the smaller of the forward and
// backward one, so an edge does not bend it); Schlick's Fresnel term mixes the sky's reflection with what
// lies behind the water: the opaque scene's colour, shifted along the normal as a refraction would, and
// dimmed per channel by Beer-Lambert absorption over the thickness towards the water's own scattered
// colour; then a specular highlight, and whitish foam where the particles are fast. Spray, water only a few
// particles thick, is drawn as white droplets that fade into what is behind them as it thins, each lone
// drop only at its core. It writes the water's depth, so the opaque scene in front of it still hides it.
uniform sampler2D u_depth;      // filtered −z_view [m]; 0 where there is no fluid
uniform sampler2D u_thickness;  // half resolution: thickness [m], speed × thickness [m²/s]
uniform sampler2D u_scene;      // the opaque scene's colour, per pixel of the viewport
uniform ivec2 u_origin;         // the viewport's lower-left pixel in the target
uniform ivec2 u_size;           // the viewport [px]
uniform vec2 u_texel;           // 1 / the full-resolution textures' size
uniform vec2 u_thickness_texel; // 1 / the thickness texture's size
uniform vec3 u_absorption;      // Beer-Lambert coefficients per channel [1/m]
uniform vec3 u_deep_colour;     // what thick water scatters back
uniform float u_refraction_px;  // screen shift of what is behind, per unit of normal and metre of water
uniform bool u_foam;            // the thickness' second channel holds speeds
uniform vec2 u_foam_speed;      // speeds where the foam starts and where it is full [m/s]
uniform vec2 u_spray_thickness; // spray below the first thickness [m], water from the second
uniform float u_drop_core;      // thinner than this [m], not drawn: a lone drop's rim
out vec4 o_colour;

vec3 view_pos(ivec2 p, float d) {
  vec2 ndc = (vec2(p) + 0.5) / vec2(u_size) * 2.0 - 1.0;
  return vec3(ndc.x / u_proj[0][0] * d, ndc.y / u_proj[1][1] * d, -d);
}

// The surface's tangent along `step` at p: the one-sided difference of smaller depth change.
vec3 tangent(ivec2 p, vec3 centre, ivec2 step) {
  float ahead = texelFetch(u_depth, clamp(p + step, ivec2(0), u_size - 1), 0).r;
  float behind = texelFetch(u_depth, clamp(p - step, ivec2(0), u_size - 1), 0).r;
  vec3 forward = view_pos(p + step, ahead) - centre, backward = centre - view_pos(p - step, behind);
  if (ahead <= 0.0) return behind <= 0.0 ? vec3(step, 0.0) : backward;
  if (behind <= 0.0 || abs(forward.z) < abs(backward.z)) return forward;
  return backward;
}

vec3 sky(vec3 dir) {
  vec3 horizon = vec3(0.80, 0.83, 0.88), zenith = vec3(0.42, 0.60, 0.86), below = vec3(0.50, 0.51, 0.54);
  return dir.y >= 0.0 ? mix(horizon, zenith, sqrt(dir.y)) : mix(horizon, below, sqrt(-dir.y));
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy) - u_origin;
  float d = texelFetch(u_depth, p, 0).r;
  if (d <= 0.0) discard;
  vec3 pos = view_pos(p, d);
  vec3 n_view = normalize(cross(tangent(p, pos, ivec2(1, 0)), tangent(p, pos, ivec2(0, 1))));
  if (n_view.z < 0.0) n_view = -n_view;
  mat3 view_to_world = transpose(mat3(u_view));
  vec3 n = view_to_world * n_view;
  vec3 v = view_to_world * normalize(-pos);  // towards the eye, world space

  vec2 thick = texture(u_thickness, (vec2(p) + 0.5) * 0.5 * u_thickness_texel).rg;
  if (thick.x < u_drop_core) discard;
  float cos_v = max(dot(n, v), 0.0);
  float fresnel = 0.02 + 0.98 * pow(1.0 - cos_v, 5.0);
  vec2 shifted = vec2(p) + 0.5 - n_view.xy * u_refraction_px * min(thick.x, 0.5);
  vec2 inside = clamp(shifted, vec2(0.5), vec2(u_size) - 0.5);
  vec3 behind = texture(u_scene, inside * u_texel).rgb;
  vec3 transmitted = exp(-u_absorption * thick.x);
  float lit = 0.55 + 0.45 * max(dot(n, u_light_dir), 0.0);
  vec3 refracted = behind * transmitted + lit * u_deep_colour * (1.0 - transmitted);
  vec3 colour = mix(refracted, sky(reflect(-v, n)), fresnel);
  vec3 h = normalize(u_light_dir + v);
  colour += vec3(0.9) * pow(max(dot(n, h), 0.0), 300.0);
  float speed = thick.y / max(thick.x, 1e-6);
  float foam = u_foam ? smoothstep(u_foam_speed.x, u_foam_speed.y, speed) : 0.0;
  colour = mix(colour, vec3(0.93, 0.96, 0.98), 0.5 * foam);
  float spray = 1.0 - smoothstep(u_spray_thickness.x, u_spray_thickness.y, thick.x);
  colour = mix(colour, vec3(0.92, 0.95, 0.98), 0.85 * spray);  // white, flat: no bead of glass
  colour = mix(colour, texture(u_scene, (vec2(p) + 0.5) * u_texel).rgb, 0.45 * spray);
  o_colour = vec4(colour, 1.0);
  gl_FragDepth = window_depth(pos);
}
