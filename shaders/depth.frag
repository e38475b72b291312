#version 330
// The shadow pass writes depth only; the colour is never read.
out vec4 o_color;
void main() {
    o_color = vec4(1.0);
}
