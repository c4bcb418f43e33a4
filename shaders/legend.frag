// The colour legend's bar (render/caption.h): the ramp of common.glsl across the bar, left (0) to right (1),
// from the fragment's window x; so the legend and every coloured drawing share one colour_map.
uniform vec2 u_ramp_x;  // the bar's left and right edges, window coordinates [px]
out vec4 o_colour;
void main() { o_colour = vec4(colour_map((gl_FragCoord.x - u_ramp_x.x) / (u_ramp_x.y - u_ramp_x.x)), 1.0); }
