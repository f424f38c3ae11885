<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="thunderhead" tilewidth="56" tileheight="64" tilecount="8" columns="4">
 <image source="thunderhead_tiles.png" width="224" height="128"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="open"/>
   <property name="look" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="open"/>
   <property name="look" value="floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="obstacle"/>
   <property name="look" value="rubble"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="barrier"/>
   <property name="look" value="wall"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="void"/>
   <property name="look" value="void"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="open"/>
   <property name="look" value="spawn_gate_pad"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="open"/>
   <property name="look" value="beacon_pad"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="open"/>
   <property name="look" value="centre_emblem"/>
  </properties>
 </tile>
</tileset>
