#version 330
// A disc (hole 0) or a ring in the owner's colour with a contrasting rim, unlit.
uniform vec4 u_marker_color;  // rgb, opacity
uniform vec4 u_marker_shape;
uniform vec3 u_marker_rim;
in vec2 v_uv;
in float v_fade;
out vec4 o_color;
void main() {
    float r = length(v_uv);
    float aa = max(fwidth(r), 1e-4);
    float hole = u_marker_shape.z;
    float rim = u_marker_shape.w;
    float cover = 1.0 - smoothstep(1.0 - aa, 1.0, r);
    float edge = smoothstep(1.0 - rim - aa, 1.0 - rim, r);
    if (hole > 0.0) {
        cover *= smoothstep(hole - aa, hole, r);
        edge = max(edge, 1.0 - smoothstep(hole + rim - aa, hole + rim, r));
    }
    float alpha = cover * v_fade * u_marker_color.a;
    if (alpha <= 0.003) discard;
    o_color = vec4(mix(u_marker_color.rgb, u_marker_rim, edge), alpha);
}
