#version 330
// A disc (hole 0) or a ring in the owner's colour with a contrasting rim, unlit;
// or, where u_marker_sign.x names an atlas cell, the planet's sign alone in ink.
uniform vec4 u_marker_color;  // rgb, opacity
uniform vec4 u_marker_shape;
uniform vec3 u_marker_rim;
uniform vec4 u_marker_sign;   // atlas cell (-1: a marker, not a sign), ink rgb
uniform sampler2D u_signs;    // one row of eight square cells (symbols.py)
in vec2 v_uv;
in float v_fade;
out vec4 o_color;
void main() {
    float r = length(v_uv);
    float aa = max(fwidth(r), 1e-4);
    if (u_marker_sign.x >= 0.0) {
        // a badge: the sign in ink on a disc of the owner's colour, over the ball (a few pixels from up here),
        // so the ink never lies on the glass's highlights
        vec2 cell = v_uv * 0.5 + 0.5;
        float ink = texture(u_signs, vec2((u_marker_sign.x + cell.x) / 8.0, cell.y)).a;
        float badge = u_marker_shape.z;   // the badge's radius in the cell (0: the ink alone, over a taw's ring)
        float disc = badge > 0.0 ? 1.0 - smoothstep(badge - aa, badge, r) : 0.0;
        float a = max(disc, ink) * v_fade;
        if (a <= 0.003) discard;
        o_color = vec4(mix(u_marker_color.rgb, u_marker_sign.yzw, ink), a);
        return;
    }
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
