// Shared by every lit shader: camera and light uniforms, a PCF shadow lookup, Blinn-Phong shading with
// a hemisphere ambient term, and the colour map used for per-particle quantities.
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

// Perceptually ordered blue -> teal -> yellow -> red ramp for t in [0, 1].
vec3 colour_map(float t) {
  t = clamp(t, 0.0, 1.0);
  vec3 c0 = vec3(0.18, 0.25, 0.62), c1 = vec3(0.16, 0.64, 0.66), c2 = vec3(0.96, 0.82, 0.25),
       c3 = vec3(0.86, 0.21, 0.16);
  if (t < 1.0 / 3.0) return mix(c0, c1, 3.0 * t);
  if (t < 2.0 / 3.0) return mix(c1, c2, 3.0 * t - 1.0);
  return mix(c2, c3, 3.0 * t - 2.0);
}
