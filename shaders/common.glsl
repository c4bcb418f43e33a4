// Shared by every lit shader: camera and light uniforms, a PCF shadow lookup, Blinn-Phong shading with
// a hemisphere ambient term, a quaternion rotation (bodies, the grab's mark), the colour map used for
// per-particle quantities, and the ray-sphere intersection of the sphere impostors (spheres and the fluid's
// splats).
uniform mat4 u_view;
uniform mat4 u_proj;
uniform mat4 u_light_view_proj;  // world -> light clip space (orthographic)
uniform vec3 u_light_dir;        // unit vector towards the light, world space
uniform vec3 u_eye;              // camera position, world space
uniform sampler2DShadow u_shadow_map;
uniform bool u_shadows;

float shadow_factor(vec3 world_pos, vec3 n) {
  if (!u_shadows) return 1.0;
  vec4 lp = u_light_view_proj * vec4(world_pos + 0.01 * n, 1.0);
  vec3 p = lp.xyz / lp.w * 0.5 + 0.5;
  if (p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0 || p.z > 1.0) return 1.0;
  vec2 texel = 1.0 / vec2(textureSize(u_shadow_map, 0));
  float lit = 0.0;
  for (int y = -1; y <= 1; ++y)
    for (int x = -1; x <= 1; ++x) lit += texture(u_shadow_map, vec3(p.xy + vec2(x, y) * texel, p.z - 0.0015));
  return lit / 9.0;
}

vec3 shade(vec3 albedo, vec3 n, vec3 world_pos) {
  vec3 v = normalize(u_eye - world_pos);
  vec3 h = normalize(u_light_dir + v);
  float diffuse = max(dot(n, u_light_dir), 0.0);
  float specular = pow(max(dot(n, h), 0.0), 48.0) * 0.25;
  float ambient = mix(0.18, 0.38, 0.5 + 0.5 * n.y);
  float s = shadow_factor(world_pos, n);
  return albedo * (ambient + 0.8 * diffuse * s) + vec3(specular * s);
}

// v rotated by the unit quaternion q = (x, y, z, w).
vec3 rotate_by(vec4 q, vec3 v) {
  vec3 t = 2.0 * cross(q.xyz, v);
  return v + q.w * t + cross(q.xyz, t);
}

// Perceptually ordered blue -> teal -> yellow -> red ramp for t in [0, 1].
vec3 colour_map(float t) {
  t = clamp(t, 0.0, 1.0);
  vec3 c0 = vec3(0.18, 0.25, 0.62), c1 = vec3(0.16, 0.64, 0.66), c2 = vec3(0.96, 0.82, 0.25),
       c3 = vec3(0.86, 0.21, 0.16);
  if (t < 1.0 / 3.0) return mix(c0, c1, 3.0 * t);
  if (t < 2.0 / 3.0) return mix(c1, c2, 3.0 * t - 1.0);
  return mix(c2, c3, 3.0 * t - 2.0);
}

// Where the ray origin + t dir (dir a unit vector) enters and leaves the sphere: (t_in, t_out), or
// t_in > t_out when it misses.
vec2 ray_sphere(vec3 origin, vec3 dir, vec3 centre, float radius) {
  vec3 oc = origin - centre;
  float b = dot(oc, dir);
  float disc = b * b - (dot(oc, oc) - radius * radius);
  if (disc < 0.0) return vec2(1.0, 0.0);
  float s = sqrt(disc);
  return vec2(-b - s, -b + s);
}

// The window depth ([0, 1], as gl_FragDepth takes it) of a view-space point.
float window_depth(vec3 view_pos) {
  vec4 clip = u_proj * vec4(view_pos, 1.0);
  return clip.z / clip.w * 0.5 + 0.5;
}
