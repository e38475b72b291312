#version 330
// Contact shadow under a ball: the soft dark where it sits on the earth,
// which the shadow map is too coarse to show.
uniform vec4 p3d_ColorScale;
in vec2 v_uv;
out vec4 o_color;
void main() {
    float r = length(v_uv * 2.0 - 1.0);
    float a = pow(clamp(1.0 - r, 0.0, 1.0), 2.2) * 0.8;
    o_color = vec4(0.0, 0.0, 0.0, a * p3d_ColorScale.a);
}
