// Rigid bodies as instanced unit meshes (render/shape_meshes.h), one draw per shape: a vertex at unit point
// p with capsule side s goes to x + R(q) (scale ∘ p + s ℓ ŷ); instances of another shape are culled.
layout(location = 0) in vec3 a_point;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in float a_side;
layout(location = 3) in vec4 a_centre_value;  // per instance: centre [m], coloured quantity
layout(location = 4) in vec4 a_rotation;      // per instance: orientation (x, y, z, w)
layout(location = 5) in vec4 a_scale_half;    // per instance: scale [m], capsule half length ℓ [m]
layout(location = 6) in float a_shape;        // per instance: sim::BodyShape
uniform int u_shape;
uniform bool u_light_pass;  // true: into the shadow map (u_light_view_proj)
out vec3 v_world;
out vec3 v_normal;
flat out float v_value;
void main() {
  v_value = a_centre_value.w;
  v_normal = rotate_by(a_rotation, a_normal);
  v_world = a_centre_value.xyz + rotate_by(a_rotation, a_scale_half.xyz * a_point + vec3(0.0, a_side * a_scale_half.w, 0.0));
  if (int(a_shape + 0.5) != u_shape) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: the triangle is culled
    return;
  }
  gl_Position = u_light_pass ? u_light_view_proj * vec4(v_world, 1.0) : u_proj * u_view * vec4(v_world, 1.0);
}
