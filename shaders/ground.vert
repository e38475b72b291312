#version 330
// The packed-earth ground with chalk orbit lines; see ground.frag.  The rough ground's mesh
// carries its heights and the surface's normals (game/app/scene/ground_mesh.py).
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ModelMatrix;
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[1];

in vec4 p3d_Vertex;
in vec3 p3d_Normal;
out vec3 v_world;
out vec3 v_normal;
out vec4 v_shadow;

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_world = (p3d_ModelMatrix * p3d_Vertex).xyz;
    v_normal = mat3(p3d_ModelMatrix) * p3d_Normal;  // the ground is never turned, only scaled
    v_shadow = p3d_LightSource[0].shadowViewMatrix * (p3d_ModelViewMatrix * p3d_Vertex);
}
