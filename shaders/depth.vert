// Shadow pass for triangle surfaces: positions into the light's clip space.
layout(location = 0) in vec3 a_position;
void main() { gl_Position = u_light_view_proj * vec4(a_position, 1.0); }
