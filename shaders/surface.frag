// Two-sided lighting: the back face uses the flipped normal and a darker tint of the front colour.
in vec3 v_world;
in vec3 v_normal;
uniform vec3 u_front_colour;
uniform vec3 u_back_colour;
out vec4 o_colour;
void main() {
  vec3 n = normalize(v_normal);
  vec3 albedo = u_front_colour;
  if (!gl_FrontFacing) {
    n = -n;
    albedo = u_back_colour;
  }
  o_colour = vec4(shade(albedo, n, v_world), 1.0);
}
