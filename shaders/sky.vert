#version 330
// A dome round the table; only the direction of each point matters.
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelMatrix;
in vec4 p3d_Vertex;
out vec3 v_world;
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    // pinned just inside the far plane: whatever the camera's far distance,
    // the dome is never clipped and anything else drawn is in front of it
    gl_Position.z = gl_Position.w * 0.99999;
    v_world = (p3d_ModelMatrix * p3d_Vertex).xyz;
}
