#version 330
// A marker card: sized to a fraction of the picture, faded by camera height and steepness.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ProjectionMatrix;
uniform vec4 u_marker_shape;  // diameter / picture height, least radius (m), hole (0-1), rim width (0-1)
uniform vec4 u_marker_fade;   // height from, height to (m), steepness from, steepness to
in vec4 p3d_Vertex;
out vec2 v_uv;
out float v_fade;
void main() {
    vec3 centre = (p3d_ModelViewMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xyz;
    vec3 up = normalize(mat3(p3d_ModelViewMatrix) * vec3(0.0, 0.0, 1.0));
    float height = -dot(centre, up);            // the eye's height above the marker's plane
    float steep = height / max(length(centre), 1e-6);
    v_fade = smoothstep(u_marker_fade.x, u_marker_fade.y, height)
           * smoothstep(u_marker_fade.z, u_marker_fade.w, steep);
    float depth = (p3d_ModelViewProjectionMatrix * vec4(0.0, 0.0, 0.0, 1.0)).w;
    // the projection's vertical focal length, whatever the axis convention
    float focal = length(vec3(p3d_ProjectionMatrix[0][1], p3d_ProjectionMatrix[1][1], p3d_ProjectionMatrix[2][1]));
    float radius = max(u_marker_shape.x * depth / max(focal, 1e-6), u_marker_shape.y);
    v_uv = p3d_Vertex.xy;
    if (v_fade <= 0.0) {
        gl_Position = vec4(0.0, 0.0, -2.0, 1.0);  // outside the clip volume: no fragments
    } else {
        gl_Position = p3d_ModelViewProjectionMatrix * vec4(p3d_Vertex.xy * radius, 0.0, 1.0);
    }
}
