<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="quodd_ground" tilewidth="32" tileheight="32" tilecount="3" columns="3">
 <image source="quodd_ground.png" width="96" height="32"/>
 <tile id="0">
  <properties>
   <property name="ground" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="ground" value="water"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="ground" value="pit"/>
  </properties>
 </tile>
</tileset>
