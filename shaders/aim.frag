#version 330
// The aiming aid: chalk-white dashes along a ribbon laid on the ground.
// u runs along the path in metres, v across it from -1 to 1.
uniform vec4 u_aim;     // dash period (m), dash duty (0-1), strength (0-1), path length (m)
uniform vec3 u_aim_color;
in vec2 v_uv;
out vec4 o_color;
void main() {
    float u = v_uv.x;
    float phase = fract(u / u_aim.x);
    float fu = max(fwidth(u / u_aim.x), 1e-5);
    float dash = clamp((u_aim.y - phase) / fu, 0.0, 1.0) * clamp(phase / fu, 0.0, 1.0);
    float fv = max(fwidth(v_uv.y), 1e-5);
    float edge = clamp((1.0 - abs(v_uv.y)) / fv, 0.0, 1.0);
    float fade = 1.0 - smoothstep(0.6, 1.0, u / max(u_aim.w, 1e-4));
    o_color = vec4(u_aim_color, dash * edge * fade * u_aim.z);
}
